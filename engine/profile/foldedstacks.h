#pragma once

// Brendan Gregg's folded ("collapsed") stacks, the format perf's stacks are stored in and that
// speedscope, hotspot and flamegraph.pl read: one line per distinct stack, its frames root first
// joined by ';', a space, and its sample count ("main;serve;sha256_block 42"). A frame may hold
// spaces (C++ signatures do): the count is after the line's last space. Read bounded (a stored or
// imported profile may hold anything) into a FrameTree, and written back from one. Pure; any
// thread.

#include "core/result.h"
#include "profile/frametree.h"

#include <QByteArray>
#include <QByteArrayView>

namespace sb::profile {

// The tree of the folded text `folded` (UTF-8; invalid sequences read as U+FFFD). Empty lines
// and a trailing CR are skipped; lines that name the same stack add up. Errors name the line
// ("line 12"): "profile.too-large" (more than limits.maxBytes), "profile.line-too-long" (a line
// over limits.maxLineBytes), "profile.syntax" (no space before the count, or a count that is not
// a decimal integer), "profile.count" (a count of 0, or the samples past limits.maxSamples or
// past what 64 bits hold), "profile.frame" (an empty frame: "a;;b"), "profile.depth" and
// "profile.nodes" (profile/frametree.h).
sb::Result<FrameTree> parseFolded(QByteArrayView folded, const FoldedLimits &limits = {});

// The tree as folded text: one line per node with self samples, "frame;...;frame COUNT\n", in
// the tree's order (callers before callees, callees by name), UTF-8. parseFolded() of it gives
// the same tree. Empty for a tree without samples.
QByteArray foldedText(const FrameTree &tree);

} // namespace sb::profile
