#include "textpositions.h"

#include <algorithm>

namespace sb::plan {

TextPositions::TextPositions(const char *data, qsizetype size, qsizetype start)
    : m_data(data)
    , m_size(size)
{
    m_lineStarts.push_back(start);
    m_cursor.offset = start;
    for (qsizetype i = start; i < m_size; ++i) {
        if (m_data[i] == '\n')
            m_lineStarts.push_back(i + 1);
    }
}

void TextPositions::position(qsizetype offset, int &line, int &column)
{
    if (offset < m_cursor.offset) {
        auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
        m_cursor.line = std::max<qsizetype>((it - m_lineStarts.begin()) - 1, 0);
        m_cursor.offset = m_lineStarts[size_t(m_cursor.line)];
        m_cursor.column = 1;
    }
    while (size_t(m_cursor.line) + 1 < m_lineStarts.size() &&
           m_lineStarts[size_t(m_cursor.line) + 1] <= offset) {
        ++m_cursor.line;
        m_cursor.offset = m_lineStarts[size_t(m_cursor.line)];
        m_cursor.column = 1;
        ++m_work;
    }
    for (; m_cursor.offset < offset && m_cursor.offset < m_size; ++m_cursor.offset) {
        ++m_work;
        if ((uchar(m_data[m_cursor.offset]) & 0xC0) != 0x80) // code points, not UTF-8 bytes
            ++m_cursor.column;
    }
    line = int(m_cursor.line) + 1;
    column = m_cursor.column;
}

} // namespace sb::plan
