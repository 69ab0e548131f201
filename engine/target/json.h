#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sb::target {

// A parsed JSON value: a compact tree for request bodies (at most a few kilobytes in practice).
struct JsonValue
{
    enum class Type
    {
        Null,
        Bool,
        Number,
        String,
        Array,
        Object
    };

    Type type = Type::Null;
    bool boolean = false;         // Bool: the value
    double number = 0;            // Number: the value as a double
    bool isInteger = false;       // Number: written without fraction/exponent and fits in int64
    int64_t integer = 0;          // Number: the value when isInteger
    std::string string;           // String: the decoded UTF-8 text
    std::vector<JsonValue> array; // Array: the elements
    std::vector<std::pair<std::string, JsonValue>> members; // Object: members in document order

    // Object member by key, nullptr when absent (or when this is not an object).
    const JsonValue *find(std::string_view key) const;
};

// Parses one JSON document (RFC 8259; surrounding whitespace allowed, nothing else after it).
// Nesting is limited to 64 levels and duplicate object keys are rejected. Returns false on any
// error and, when `error` is given, sets it to a short reason with the byte offset. Any thread.
bool parseJson(std::string_view text, JsonValue &out, std::string *error = nullptr);

// Appends `text` as a JSON string literal (quoted, with ", \ and control characters escaped).
void appendJsonString(std::string &out, std::string_view text);

// Appends the compact JSON form of `value` (no whitespace; doubles with 17 significant digits).
void appendJson(std::string &out, const JsonValue &value);

} // namespace sb::target
