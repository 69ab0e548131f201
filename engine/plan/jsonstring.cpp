#include "jsonstring.h"

#include "core/enginetext.h"

#include <QByteArray>

namespace sb::plan {

namespace {

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

void appendUtf8(QByteArray &out, char32_t cp)
{
    if (cp < 0x80) {
        out.append(char(cp));
    } else if (cp < 0x800) {
        out.append(char(0xC0 | (cp >> 6)));
        out.append(char(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.append(char(0xE0 | (cp >> 12)));
        out.append(char(0x80 | ((cp >> 6) & 0x3F)));
        out.append(char(0x80 | (cp & 0x3F)));
    } else {
        out.append(char(0xF0 | (cp >> 18)));
        out.append(char(0x80 | ((cp >> 12) & 0x3F)));
        out.append(char(0x80 | ((cp >> 6) & 0x3F)));
        out.append(char(0x80 | (cp & 0x3F)));
    }
}

class StringDecoder
{
public:
    StringDecoder(const char *data, qsizetype size)
        : m_data(data)
        , m_size(size)
    {}

    JsonString decode(qsizetype open)
    {
        if (!scan(open))
            m_result.ok = false;
        return std::move(m_result);
    }

private:
    // The value of 4 hex digits at `at`; -1 when they are not there.
    int readHex4(qsizetype at) const
    {
        if (at + 4 > m_size)
            return -1;
        int value = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = hexValue(m_data[at + i]);
            if (h < 0)
                return -1;
            value = value * 16 + h;
        }
        return value;
    }

    // Leaves m_result's end and value, or its error.
    bool scan(qsizetype open)
    {
        qsizetype p = open + 1;
        QByteArray utf8;
        while (true) {
            if (p >= m_size)
                return fail(open, trEngine("sb::plan", "unterminated string"));
            const uchar c = uchar(m_data[p]);
            if (c == '"') {
                ++p;
                break;
            }
            if (c == '\\') {
                if (p + 1 >= m_size)
                    return fail(open, trEngine("sb::plan", "unterminated string"));
                if (!parseEscape(p, utf8))
                    return false;
                continue;
            }
            if (c < 0x20) {
                if (c == '\n' || c == '\r')
                    return fail(p, trEngine("sb::plan",
                                            "line break inside a string (unterminated string, "
                                            "or write it as \\n)"));
                return fail(
                    p, trEngine("sb::plan", "control character U+%1 inside a string; escape it")
                           .arg(int(c), 4, 16, QLatin1Char('0')));
            }
            if (c < 0x80) {
                utf8.append(char(c));
                ++p;
                continue;
            }
            if (!copyUtf8Sequence(p, utf8))
                return false;
        }
        m_result.ok = true;
        m_result.end = p;
        m_result.value = QString::fromUtf8(utf8);
        return true;
    }

    // The escape at `p` (a backslash and at least one more byte): appends what it stands for and
    // moves `p` past it.
    bool parseEscape(qsizetype &p, QByteArray &utf8)
    {
        const char e = m_data[p + 1];
        static const char kSimple[][2] = {{'"', '"'},  {'\\', '\\'}, {'/', '/'},  {'b', '\b'},
                                          {'f', '\f'}, {'n', '\n'},  {'r', '\r'}, {'t', '\t'}};
        for (const auto &pair : kSimple) {
            if (e == pair[0]) {
                utf8.append(pair[1]);
                p += 2;
                return true;
            }
        }
        if (e == 'u')
            return parseUnicodeEscape(p, utf8);
        if (uchar(e) >= 0x21 && uchar(e) < 0x7F)
            return fail(p, trEngine("sb::plan", "invalid escape '\\%1' in string; allowed: "
                                                "\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
                               .arg(QLatin1Char(e)));
        return fail(p, trEngine("sb::plan", "invalid escape in string"));
    }

    // \\uXXXX at `p`, or a surrogate pair of them.
    bool parseUnicodeEscape(qsizetype &p, QByteArray &utf8)
    {
        const int unit = readHex4(p + 2);
        if (unit < 0)
            return fail(p, trEngine("sb::plan", "invalid \\u escape: expected 4 hex digits"));
        char32_t cp = char32_t(unit);
        qsizetype used = 6;
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            const int low = (p + 7 < m_size && m_data[p + 6] == '\\' && m_data[p + 7] == 'u')
                                ? readHex4(p + 8)
                                : -1;
            if (low < 0xDC00 || low > 0xDFFF)
                return fail(p, trEngine("sb::plan", "unpaired surrogate \\u%1 in string")
                                   .arg(QString::fromLatin1(m_data + p + 2, 4)));
            cp = 0x10000 + ((char32_t(unit) - 0xD800) << 10) + (char32_t(low) - 0xDC00);
            used = 12;
        } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
            return fail(p, trEngine("sb::plan", "unpaired surrogate \\u%1 in string")
                               .arg(QString::fromLatin1(m_data + p + 2, 4)));
        }
        appendUtf8(utf8, cp);
        p += used;
        return true;
    }

    // One multi-byte UTF-8 sequence at `p`, validated (no overlongs, no surrogates, at most
    // U+10FFFF), copied as it is.
    bool copyUtf8Sequence(qsizetype &p, QByteArray &utf8)
    {
        const uchar c = uchar(m_data[p]);
        int extra = 0;
        uchar lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            if (c == 0xE0)
                lo = 0xA0;
            if (c == 0xED)
                hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            if (c == 0xF0)
                lo = 0x90;
            if (c == 0xF4)
                hi = 0x8F;
        } else {
            return fail(p, trEngine("sb::plan", "invalid UTF-8 in string"));
        }
        if (p + extra >= m_size)
            return fail(p, trEngine("sb::plan", "invalid UTF-8 in string"));
        for (int i = 1; i <= extra; ++i) {
            const uchar b = uchar(m_data[p + i]);
            const uchar bl = i == 1 ? lo : 0x80;
            const uchar bh = i == 1 ? hi : 0xBF;
            if (b < bl || b > bh)
                return fail(p, trEngine("sb::plan", "invalid UTF-8 in string"));
        }
        utf8.append(m_data + p, extra + 1);
        p += extra + 1;
        return true;
    }

    bool fail(qsizetype offset, const QString &message)
    {
        m_result.errorOffset = offset;
        m_result.error = message;
        return false;
    }

    const char *m_data;
    qsizetype m_size;
    JsonString m_result;
};

} // namespace

JsonString decodeJsonString(const char *data, qsizetype size, qsizetype open)
{
    return StringDecoder(data, size).decode(open);
}

} // namespace sb::plan
