#pragma once

#include "core/result.h"

#include <cstdint>
#include <string>
#include <string_view>

// The target's bearer tokens: JSON Web Tokens (RFC 7519) signed with HMAC-SHA256 ("HS256").
//
// Header  {"alg":"HS256","typ":"JWT"}
// Payload {"sub":"<user id>","exp":<unix seconds>}   ("sub" may also be a JSON integer)
// Secret  kTokenSecret below, as UTF-8 bytes. Other servers in a plan verify with the same secret.
namespace sb::target {

// The shared HMAC secret of the demo's servers. A fixed, public test value: not a real secret.
inline constexpr std::string_view kTokenSecret = "stackbench-demo-secret";

// 2100-01-01T00:00:00Z in Unix seconds: the expiry makeToken() uses by default.
inline constexpr int64_t kTokenFarFutureExp = 4102444800;

// Mints a signed token for `userId` that expires at `expUnixSeconds`. Any thread.
std::string makeToken(int64_t userId, int64_t expUnixSeconds = kTokenFarFutureExp);

// Checks a token: three base64url parts, header alg HS256, a valid signature with kTokenSecret,
// a numeric "exp" later than `nowUnixSeconds`, and a "sub" holding a positive integer user id
// (a JSON integer or a decimal string); header and payload are read by parseJson (json.h).
// Returns the user id. Errors: code "target.token", detail a short explanation ("token
// expired"). Any thread.
sb::Result<int64_t> verifyToken(std::string_view token, int64_t nowUnixSeconds);

// base64url without padding (RFC 4648 section 5), as used in JWTs.
std::string base64UrlEncode(std::string_view bytes);
// Decodes base64url with or without padding; false on any character outside the alphabet.
bool base64UrlDecode(std::string_view text, std::string &bytes);

} // namespace sb::target
