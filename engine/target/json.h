#pragma once

#include "core/result.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

// JSON for the reference target's request bodies and tokens: Debian's nlohmann-json reads it,
// with the target's stricter rules on top; a small writer keeps the target's response bytes.
namespace sb::target {

// Members in document order, so that "the first unknown field" is the first one written.
using Json = nlohmann::ordered_json;

// Parses one JSON document (RFC 8259, surrounding whitespace allowed, nothing after it) and
// rejects, beyond what nlohmann rejects: a byte order mark, a NUL byte anywhere (nlohmann would
// stop reading there), duplicate object keys, nesting deeper than 64 levels. A number beyond the
// range of a double is an error (nlohmann's "number overflow"). Never throws. Errors: code
// "target.json", detail one short reason (e.g. "duplicate key \"a\"", "parse error at line 1,
// column 9: syntax error while parsing value - unexpected end of input; expected '[', '{', or a
// literal"). Any thread.
sb::Result<Json> parseJson(std::string_view text);

// The value of an integer JSON number (written without fraction or exponent) that fits in
// int64; nothing for any other value.
std::optional<int64_t> jsonInt64(const Json &value);

// The text of a JSON string; nullptr for any other value.
const std::string *jsonString(const Json &value);

// Appends `text` as a JSON string literal: quoted, with ", \, \n, \r, \t escaped as such and the
// other control characters as \u00XX; every other byte as it is.
void appendJsonString(std::string &out, std::string_view text);

} // namespace sb::target
