#pragma once

#include <QIcon>
#include <QPalette>

namespace sb {

// The run commands' glyphs (Start, Stop, Resume, Check) drawn in colours that read on light and
// dark palettes alike (the style's media icons are black and vanish on a dark one); disabled,
// in the palette's disabled text colour. GUI thread.
enum class RunGlyph
{
    Play,
    Stop,
    Resume,
    Check
};

QIcon runGlyphIcon(RunGlyph glyph, const QPalette &palette);

} // namespace sb
