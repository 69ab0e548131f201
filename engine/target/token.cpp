#include "target/token.h"

#include "target/json.h"

#include <charconv>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

namespace sb::target {

namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int decodeChar(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '-')
        return 62;
    if (c == '_')
        return 63;
    return -1;
}

std::string hmacSha256(std::string_view data)
{
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int macLen = 0;
    HMAC(EVP_sha256(), kTokenSecret.data(), int(kTokenSecret.size()),
         reinterpret_cast<const unsigned char *>(data.data()), data.size(), mac, &macLen);
    return std::string(reinterpret_cast<const char *>(mac), macLen);
}

sb::Error fail(const char *reason)
{
    return sb::Error{"target.token", std::string(), reason};
}

// The member `key` of a JSON object, nullptr when absent or when `object` is not one.
const Json *member(const Json &object, const char *key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

// A positive user id from "sub": a JSON integer or a decimal string; 0 otherwise.
int64_t subjectId(const Json *sub)
{
    if (!sub)
        return 0;
    if (const std::optional<int64_t> i = jsonInt64(*sub))
        return *i;
    const std::string *text = jsonString(*sub);
    if (!text || text->empty())
        return 0;
    int64_t id = 0;
    const char *last = text->data() + text->size();
    auto [ptr, ec] = std::from_chars(text->data(), last, id);
    return ec == std::errc() && ptr == last ? id : 0;
}

} // namespace

std::string base64UrlEncode(std::string_view bytes)
{
    std::string out;
    out.reserve((bytes.size() * 4 + 2) / 3);
    size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const uint32_t v = uint32_t(uint8_t(bytes[i])) << 16 |
                           uint32_t(uint8_t(bytes[i + 1])) << 8 | uint32_t(uint8_t(bytes[i + 2]));
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += kAlphabet[(v >> 6) & 63];
        out += kAlphabet[v & 63];
    }
    const size_t rest = bytes.size() - i;
    if (rest == 1) {
        const uint32_t v = uint32_t(uint8_t(bytes[i])) << 16;
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
    } else if (rest == 2) {
        const uint32_t v = uint32_t(uint8_t(bytes[i])) << 16 | uint32_t(uint8_t(bytes[i + 1])) << 8;
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += kAlphabet[(v >> 6) & 63];
    }
    return out;
}

bool base64UrlDecode(std::string_view text, std::string &bytes)
{
    while (!text.empty() && text.back() == '=')
        text.remove_suffix(1);
    if (text.size() % 4 == 1)
        return false;
    bytes.clear();
    bytes.reserve(text.size() * 3 / 4);
    uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        const int v = decodeChar(c);
        if (v < 0)
            return false;
        acc = (acc << 6) | uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            bytes += char((acc >> bits) & 0xFF);
        }
    }
    return true;
}

std::string makeToken(int64_t userId, int64_t expUnixSeconds)
{
    const std::string header = base64UrlEncode(R"({"alg":"HS256","typ":"JWT"})");
    const std::string payload =
        base64UrlEncode("{\"sub\":\"" + std::to_string(userId) +
                        "\",\"exp\":" + std::to_string(expUnixSeconds) + "}");
    std::string signingInput = header + '.' + payload;
    const std::string signature = base64UrlEncode(hmacSha256(signingInput));
    return signingInput + '.' + signature;
}

sb::Result<int64_t> verifyToken(std::string_view token, int64_t nowUnixSeconds)
{
    const size_t dot1 = token.find('.');
    const size_t dot2 = dot1 == std::string_view::npos ? dot1 : token.find('.', dot1 + 1);
    if (dot2 == std::string_view::npos || token.find('.', dot2 + 1) != std::string_view::npos)
        return fail("token is not three dot-separated parts");

    std::string headerJson, payloadJson, signature;
    if (!base64UrlDecode(token.substr(0, dot1), headerJson) ||
        !base64UrlDecode(token.substr(dot1 + 1, dot2 - dot1 - 1), payloadJson) ||
        !base64UrlDecode(token.substr(dot2 + 1), signature))
        return fail("token part is not base64url");

    const sb::Result<Json> header = parseJson(headerJson);
    if (!header.ok() || !header->is_object())
        return fail("token header is not a JSON object");
    const Json *alg = member(*header, "alg");
    const std::string *algName = alg ? jsonString(*alg) : nullptr;
    if (!algName || *algName != "HS256")
        return fail("token algorithm is not HS256");

    const std::string expected = hmacSha256(token.substr(0, dot2));
    if (signature.size() != expected.size() ||
        CRYPTO_memcmp(signature.data(), expected.data(), expected.size()) != 0)
        return fail("bad token signature");

    const sb::Result<Json> payload = parseJson(payloadJson);
    if (!payload.ok() || !payload->is_object())
        return fail("token payload is not a JSON object");
    const Json *exp = member(*payload, "exp");
    if (!exp || !exp->is_number())
        return fail("token has no numeric exp");
    if (exp->get<double>() <= double(nowUnixSeconds))
        return fail("token expired");
    const int64_t id = subjectId(member(*payload, "sub"));
    if (id <= 0)
        return fail("token sub is not a user id");
    return id;
}

} // namespace sb::target
