#pragma once

// Line and column of byte offsets in a UTF-8 text, for messages: lines end at '\n', columns
// count code points, both 1-based. Asked in increasing order, the walk goes on from the previous
// answer, so that every byte is walked once however long the line (a generated plan is often one
// line); asking backwards (an error at an earlier comma) starts again at that line. One object
// per text, used by one thread at a time.

#include <QtGlobal>
#include <vector>

namespace sb::plan {

class TextPositions
{
public:
    // `data` (`size` bytes) must outlive the object; the text starts at `start` (after a BOM,
    // which takes no column).
    TextPositions(const char *data, qsizetype size, qsizetype start);

    // The 1-based line and column of byte `offset`.
    void position(qsizetype offset, int &line, int &column);

    // Bytes and lines walked so far: grows linearly with the text when asked in order.
    qint64 work() const { return m_work; }

private:
    const char *m_data;
    qsizetype m_size;
    std::vector<qsizetype> m_lineStarts; // byte offset of each line's first byte
    qint64 m_work = 0;
    struct Cursor
    {
        qsizetype offset = 0; // the last position asked for
        qsizetype line = 0;   // its 0-based line
        int column = 1;       // its 1-based column
    } m_cursor;
};

} // namespace sb::plan
