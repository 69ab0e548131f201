#include "target/json.h"

#include <charconv>
#include <cstdio>

namespace sb::target {

const JsonValue *JsonValue::find(std::string_view key) const
{
    if (type != Type::Object)
        return nullptr;
    for (const auto &m : members) {
        if (m.first == key)
            return &m.second;
    }
    return nullptr;
}

namespace {

constexpr int kMaxDepth = 64;

class Parser
{
public:
    explicit Parser(std::string_view text)
        : m_text(text)
    {}

    bool parseDocument(JsonValue &out)
    {
        skipWs();
        if (!parseValue(out, 0))
            return false;
        skipWs();
        if (m_pos != m_text.size())
            return fail("trailing characters");
        return true;
    }

    std::string error() const
    {
        return std::string(m_error) + " at offset " + std::to_string(m_pos);
    }

private:
    bool fail(const char *reason)
    {
        if (!m_error)
            m_error = reason;
        return false;
    }

    void skipWs()
    {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
                break;
            ++m_pos;
        }
    }

    bool literal(std::string_view word)
    {
        if (m_text.substr(m_pos, word.size()) != word)
            return fail("invalid literal");
        m_pos += word.size();
        return true;
    }

    bool parseValue(JsonValue &out, int depth)
    {
        if (m_pos >= m_text.size())
            return fail("unexpected end");
        switch (m_text[m_pos]) {
        case '{':
            return parseObject(out, depth + 1);
        case '[':
            return parseArray(out, depth + 1);
        case '"':
            out.type = JsonValue::Type::String;
            return parseString(out.string);
        case 't':
            out.type = JsonValue::Type::Bool;
            out.boolean = true;
            return literal("true");
        case 'f':
            out.type = JsonValue::Type::Bool;
            out.boolean = false;
            return literal("false");
        case 'n':
            out.type = JsonValue::Type::Null;
            return literal("null");
        default:
            return parseNumber(out);
        }
    }

    bool parseObject(JsonValue &out, int depth)
    {
        if (depth > kMaxDepth)
            return fail("nesting too deep");
        out.type = JsonValue::Type::Object;
        ++m_pos; // '{'
        skipWs();
        if (m_pos < m_text.size() && m_text[m_pos] == '}') {
            ++m_pos;
            return true;
        }
        for (;;) {
            skipWs();
            if (m_pos >= m_text.size() || m_text[m_pos] != '"')
                return fail("expected object key");
            std::string key;
            if (!parseString(key))
                return false;
            if (out.find(key))
                return fail("duplicate key");
            skipWs();
            if (m_pos >= m_text.size() || m_text[m_pos] != ':')
                return fail("expected ':'");
            ++m_pos;
            skipWs();
            out.members.emplace_back(std::move(key), JsonValue());
            if (!parseValue(out.members.back().second, depth))
                return false;
            skipWs();
            if (m_pos >= m_text.size())
                return fail("unexpected end");
            if (m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_text[m_pos] == '}') {
                ++m_pos;
                return true;
            }
            return fail("expected ',' or '}'");
        }
    }

    bool parseArray(JsonValue &out, int depth)
    {
        if (depth > kMaxDepth)
            return fail("nesting too deep");
        out.type = JsonValue::Type::Array;
        ++m_pos; // '['
        skipWs();
        if (m_pos < m_text.size() && m_text[m_pos] == ']') {
            ++m_pos;
            return true;
        }
        for (;;) {
            skipWs();
            out.array.emplace_back();
            if (!parseValue(out.array.back(), depth))
                return false;
            skipWs();
            if (m_pos >= m_text.size())
                return fail("unexpected end");
            if (m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_text[m_pos] == ']') {
                ++m_pos;
                return true;
            }
            return fail("expected ',' or ']'");
        }
    }

    bool hex4(uint32_t &value)
    {
        if (m_text.size() - m_pos < 4)
            return fail("bad \\u escape");
        value = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = m_text[m_pos++];
            value <<= 4;
            if (c >= '0' && c <= '9')
                value |= uint32_t(c - '0');
            else if (c >= 'a' && c <= 'f')
                value |= uint32_t(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                value |= uint32_t(c - 'A' + 10);
            else
                return fail("bad \\u escape");
        }
        return true;
    }

    static void appendUtf8(std::string &out, uint32_t cp)
    {
        if (cp < 0x80) {
            out += char(cp);
        } else if (cp < 0x800) {
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += char(0xE0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xF0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        }
    }

    // Validates one UTF-8 sequence starting at m_pos (lead byte >= 0x80) and copies it.
    bool copyUtf8(std::string &out)
    {
        const auto lead = static_cast<unsigned char>(m_text[m_pos]);
        int extra;
        uint32_t cp;
        if (lead >= 0xC2 && lead <= 0xDF) {
            extra = 1;
            cp = lead & 0x1F;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            extra = 2;
            cp = lead & 0x0F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            extra = 3;
            cp = lead & 0x07;
        } else {
            return fail("invalid UTF-8");
        }
        if (m_text.size() - m_pos <= size_t(extra))
            return fail("invalid UTF-8");
        for (int i = 1; i <= extra; ++i) {
            const auto c = static_cast<unsigned char>(m_text[m_pos + i]);
            if ((c & 0xC0) != 0x80)
                return fail("invalid UTF-8");
            cp = (cp << 6) | (c & 0x3F);
        }
        if ((extra == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
            (extra == 3 && (cp < 0x10000 || cp > 0x10FFFF)))
            return fail("invalid UTF-8");
        out.append(m_text.data() + m_pos, size_t(extra) + 1);
        m_pos += size_t(extra) + 1;
        return true;
    }

    bool parseString(std::string &out)
    {
        ++m_pos; // opening quote
        for (;;) {
            // Copy runs of plain ASCII in one go.
            size_t run = m_pos;
            while (run < m_text.size()) {
                const auto c = static_cast<unsigned char>(m_text[run]);
                if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80)
                    break;
                ++run;
            }
            out.append(m_text.data() + m_pos, run - m_pos);
            m_pos = run;
            if (m_pos >= m_text.size())
                return fail("unterminated string");
            const auto c = static_cast<unsigned char>(m_text[m_pos]);
            if (c == '"') {
                ++m_pos;
                return true;
            }
            if (c < 0x20)
                return fail("control character in string");
            if (c >= 0x80) {
                if (!copyUtf8(out))
                    return false;
                continue;
            }
            // backslash
            if (++m_pos >= m_text.size())
                return fail("unterminated string");
            const char e = m_text[m_pos++];
            switch (e) {
            case '"':
                out += '"';
                break;
            case '\\':
                out += '\\';
                break;
            case '/':
                out += '/';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                uint32_t cp;
                if (!hex4(cp))
                    return false;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    uint32_t low;
                    if (m_text.substr(m_pos, 2) != "\\u")
                        return fail("unpaired surrogate");
                    m_pos += 2;
                    if (!hex4(low))
                        return false;
                    if (low < 0xDC00 || low > 0xDFFF)
                        return fail("unpaired surrogate");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    return fail("unpaired surrogate");
                }
                appendUtf8(out, cp);
                break;
            }
            default:
                return fail("bad escape");
            }
        }
    }

    static bool isDigit(char c) { return c >= '0' && c <= '9'; }

    bool parseNumber(JsonValue &out)
    {
        const size_t start = m_pos;
        const size_t n = m_text.size();
        if (m_pos < n && m_text[m_pos] == '-')
            ++m_pos;
        if (m_pos >= n || !isDigit(m_text[m_pos]))
            return fail("invalid value");
        if (m_text[m_pos] == '0') {
            ++m_pos;
        } else {
            while (m_pos < n && isDigit(m_text[m_pos]))
                ++m_pos;
        }
        bool integral = true;
        if (m_pos < n && m_text[m_pos] == '.') {
            integral = false;
            ++m_pos;
            if (m_pos >= n || !isDigit(m_text[m_pos]))
                return fail("invalid number");
            while (m_pos < n && isDigit(m_text[m_pos]))
                ++m_pos;
        }
        if (m_pos < n && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
            integral = false;
            ++m_pos;
            if (m_pos < n && (m_text[m_pos] == '+' || m_text[m_pos] == '-'))
                ++m_pos;
            if (m_pos >= n || !isDigit(m_text[m_pos]))
                return fail("invalid number");
            while (m_pos < n && isDigit(m_text[m_pos]))
                ++m_pos;
        }
        const char *first = m_text.data() + start;
        const char *last = m_text.data() + m_pos;
        out.type = JsonValue::Type::Number;
        if (integral) {
            auto [ptr, ec] = std::from_chars(first, last, out.integer);
            out.isInteger = ec == std::errc() && ptr == last;
        }
        if (out.isInteger) {
            out.number = double(out.integer);
        } else {
            auto [ptr, ec] = std::from_chars(first, last, out.number);
            if (ptr != last || (ec != std::errc() && ec != std::errc::result_out_of_range))
                return fail("invalid number");
        }
        return true;
    }

    std::string_view m_text;
    size_t m_pos = 0;
    const char *m_error = nullptr;
};

} // namespace

bool parseJson(std::string_view text, JsonValue &out, std::string *error)
{
    out = JsonValue();
    Parser parser(text);
    if (parser.parseDocument(out))
        return true;
    if (error)
        *error = parser.error();
    return false;
}

void appendJsonString(std::string &out, std::string_view text)
{
    static const char kHex[] = "0123456789abcdef";
    out += '"';
    size_t run = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(text.data() + run, i - run);
        run = i + 1;
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
        }
    }
    out.append(text.data() + run, text.size() - run);
    out += '"';
}

void appendJson(std::string &out, const JsonValue &value)
{
    switch (value.type) {
    case JsonValue::Type::Null:
        out += "null";
        break;
    case JsonValue::Type::Bool:
        out += value.boolean ? "true" : "false";
        break;
    case JsonValue::Type::Number: {
        char buf[32];
        if (value.isInteger) {
            auto r = std::to_chars(buf, buf + sizeof buf, value.integer);
            out.append(buf, r.ptr);
        } else {
            const int len = std::snprintf(buf, sizeof buf, "%.17g", value.number);
            out.append(buf, size_t(len));
        }
        break;
    }
    case JsonValue::Type::String:
        appendJsonString(out, value.string);
        break;
    case JsonValue::Type::Array:
        out += '[';
        for (size_t i = 0; i < value.array.size(); ++i) {
            if (i)
                out += ',';
            appendJson(out, value.array[i]);
        }
        out += ']';
        break;
    case JsonValue::Type::Object:
        out += '{';
        for (size_t i = 0; i < value.members.size(); ++i) {
            if (i)
                out += ',';
            appendJsonString(out, value.members[i].first);
            out += ':';
            appendJson(out, value.members[i].second);
        }
        out += '}';
        break;
    }
}

} // namespace sb::target
