#include "target/json.h"

#include <limits>
#include <vector>

namespace sb::target {

namespace {

constexpr int kMaxDepth = 64;

sb::Error jsonError(std::string detail)
{
    return sb::Error{"target.json", std::string(), std::move(detail)};
}

// The checks nlohmann does not make, as a parser callback: it sees every object's keys and
// every container's depth while the document is built.
class StrictRules
{
public:
    bool operator()(int depth, nlohmann::detail::parse_event_t event, Json &parsed)
    {
        using Event = nlohmann::detail::parse_event_t;
        switch (event) {
        case Event::object_start:
            m_objectStarts.push_back(m_keys.size());
            [[fallthrough]];
        case Event::array_start:
            // nlohmann counts the outermost container as depth 0.
            if (depth + 1 > kMaxDepth && m_error.empty())
                m_error = "nesting deeper than " + std::to_string(kMaxDepth) + " levels";
            break;
        case Event::key:
            if (const std::string *key = parsed.get_ptr<const std::string *>())
                addKey(*key);
            break;
        case Event::object_end:
            m_keys.resize(m_objectStarts.back());
            m_objectStarts.pop_back();
            break;
        default:
            break;
        }
        return true;
    }

    const std::string &error() const { return m_error; }

private:
    void addKey(const std::string &key)
    {
        // Request objects have a handful of keys: a linear search beats a set.
        for (size_t i = m_objectStarts.back(); i < m_keys.size(); ++i) {
            if (m_keys[i] == key) {
                if (m_error.empty()) {
                    m_error = "duplicate key ";
                    appendJsonString(m_error, key);
                }
                return;
            }
        }
        m_keys.push_back(key);
    }

    std::vector<std::string> m_keys;    // keys of the open objects, outermost first
    std::vector<size_t> m_objectStarts; // where each open object's keys begin in m_keys
    std::string m_error;                // the first rule broken, "" when none
};

// Finds out why nlohmann rejected a document: a second, value-less pass through its SAX
// interface, which reports the error as a value instead of throwing it.
class ErrorReason : public nlohmann::json_sax<Json>
{
public:
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t &) override { return true; }
    bool string(string_t &) override { return true; }
    bool binary(binary_t &) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t &) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t, const std::string &,
                     const nlohmann::detail::exception &ex) override
    {
        m_reason = ex.what();
        return false;
    }

    // nlohmann's message without its "[json.exception.parse_error.101] " prefix and without the
    // "; last read: '...'" excerpt of the input (which may hold any bytes).
    std::string reason() const
    {
        std::string r = m_reason;
        if (!r.empty() && r.front() == '[') {
            const size_t end = r.find("] ");
            if (end != std::string::npos)
                r.erase(0, end + 2);
        }
        const size_t excerpt = r.find("; last read: '");
        if (excerpt != std::string::npos) {
            const size_t expected = r.rfind("; expected ");
            r.erase(excerpt, expected != std::string::npos && expected > excerpt
                                 ? expected - excerpt
                                 : std::string::npos);
        }
        return r.empty() ? std::string("invalid JSON") : r;
    }

private:
    std::string m_reason;
};

} // namespace

sb::Result<Json> parseJson(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        return jsonError("byte order mark before the value");
    // nlohmann takes a NUL byte for the end of the input and would ignore what follows it; a
    // NUL byte is not JSON anywhere (in a string it must be escaped).
    if (const size_t nul = text.find('\0'); nul != std::string_view::npos)
        return jsonError("NUL byte at offset " + std::to_string(nul));
    StrictRules rules;
    Json value = Json::parse(text.begin(), text.end(), std::ref(rules), /*allow_exceptions=*/false);
    // The callback saw the document up to where nlohmann stopped, so a broken rule it reports
    // comes first in the text: the same first error as a single-pass reader would give.
    if (!rules.error().empty())
        return jsonError(rules.error());
    if (value.is_discarded()) {
        ErrorReason why;
        (void)Json::sax_parse(text.begin(), text.end(), &why);
        return jsonError(why.reason());
    }
    return value;
}

std::optional<int64_t> jsonInt64(const Json &value)
{
    // nlohmann reads every non-negative integer as unsigned, and its signed accessor also
    // answers for unsigned values: ask for unsigned first.
    if (const auto *u = value.get_ptr<const Json::number_unsigned_t *>()) {
        if (*u <= uint64_t(std::numeric_limits<int64_t>::max()))
            return int64_t(*u);
        return std::nullopt;
    }
    if (const auto *i = value.get_ptr<const Json::number_integer_t *>())
        return int64_t(*i);
    return std::nullopt;
}

const std::string *jsonString(const Json &value)
{
    return value.get_ptr<const std::string *>();
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

} // namespace sb::target
