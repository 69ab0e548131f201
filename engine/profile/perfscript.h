#pragma once

// Folding `perf script` output into folded stacks ("root;...;leaf COUNT" lines, Brendan Gregg's
// collapsed format, as store::ProfileRecord::folded keeps them), bounded against what a hostile
// server can put into it (its process names, its symbols, a perf map it writes): every input
// line, frame and stack is capped, and the folded text never exceeds a byte budget. Pure; any
// thread; one PerfScriptFolder per perf script output.
//
// Input: perf script's default text with call graphs (perf record -g / --call-graph), one sample
// as a header line ("comm pid/tid ... cpu-clock:") then one line per frame, leaf first
// ("\t    55d4c3a1b2c3 sb::target::cpuDigest(long)+0x53 (/usr/bin/stackbench)"), then an empty
// line. Frames become, root first:
//   - the process's comm first (so each process of a tree has its own root);
//   - a symbol without its "+0x.." offset; a kernel symbol with the suffix "_[k]"; a frame from
//     a perf map (/tmp/perf-PID.map: Node --perf-basic-prof, Bun, CPython 3.12 -X perf) with
//     "_[j]";
//   - an unsymbolised frame as its object's file name in brackets, "[libcrypto.so.3]" (perf's
//     "[unknown]" says nothing; the object says where to look), "[unknown]" without one.
// ';' in a name becomes ':', control characters '?'.

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

namespace sb::profile {

// The bounds of folding. Defaults fit a 30 s window of a busy tree many times over.
struct FoldLimits
{
    qsizetype maxLineBytes = 16 * 1024;    // longer input lines are cut here
    qsizetype maxFrameBytes = 512;         // a frame's name is cut here (with "...")
    int maxFrames = 200;                   // frames per stack, the comm aside; deeper stacks keep
                                           // the frames nearest the leaf under "[truncated]"
    qsizetype maxFoldedBytes = 32LL << 20; // the folded text; stacks beyond it are counted under
                                           // "comm;[stacks beyond the limit]"
    qsizetype maxDistinctStacks = 1 << 20; // distinct stacks kept; beyond as above
};

// What folding found.
struct PerfFold
{
    QByteArray folded;          // "frame;frame;leaf COUNT\n" lines, sorted, UTF-8
    qint64 samples = 0;         // samples folded (the counts' sum)
    qint64 truncatedStacks = 0; // samples whose stack had more than maxFrames frames
    qint64 overflowSamples = 0; // samples of stacks beyond maxFoldedBytes / maxDistinctStacks
    qint64 cutLines = 0;        // input lines longer than maxLineBytes
    QStringList unsymbolised;   // objects with unsymbolised frames, most samples first
    QStringList perfMaps;       // perf maps frames came from ("/tmp/perf-4242.map")
    QStringList interpreters;   // Python interpreters seen by their object ("python3.11")
    qint64 kernelSamples = 0;   // samples with at least one kernel frame
    // The most frames a stack had, and the median, comm aside (fp stacks of code built without
    // frame pointers are one or two frames deep).
    int deepestStack = 0;
    int medianDepth = 0;
};

// Feed perf script's output line by line (without or with the trailing '\n'), then finish().
class PerfScriptFolder
{
public:
    explicit PerfScriptFolder(FoldLimits limits = {});

    void addLine(QByteArrayView line);
    // Feeds a whole text (tests, small outputs).
    void addText(QByteArrayView text);
    PerfFold finish();

private:
    void endSample();
    QByteArray frameOf(QByteArrayView line);

    FoldLimits m_limits;
    bool m_inSample = false;
    QByteArray m_comm;
    QList<QByteArray> m_frames; // leaf first, as perf prints them
    int m_framesSeen = 0;
    bool m_sawKernel = false;
    QHash<QByteArray, qint64> m_stacks;
    qsizetype m_foldedBytes = 0;
    QMap<int, qint64> m_depths; // depth -> samples
    QHash<QString, qint64> m_unsymbolised;
    QSet<QString> m_perfMaps;
    QSet<QString> m_interpreters;
    PerfFold m_out;
};

// Folds a whole perf script text with `limits` (PerfScriptFolder over the text).
PerfFold foldPerfScript(QByteArrayView text, FoldLimits limits = {});

} // namespace sb::profile
