#pragma once

// Plan variables at run time: filling the ${var:NAME} references a loaded plan keeps (plan.h), and
// the built-in JWT generator. The runner makes the values at the start of a run (a command
// variable's trimmed stdout, signJwt() for a JWT variable; a value variable has its own), checks
// them with checkVariableValues() and measures withVariables(plan, values).
//
// A template (plan.h) is a string with "${var:NAME}" references in which every other '$' is
// doubled; a string without "${var:" is final and no function here changes it.
//
// Pure functions; any thread.

#include "core/result.h"
#include "plan.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace sb::plan {

// Variable values by name.
using VariableValues = QHash<QString, QString>;

// ---- templates

// `s` refers to a plan variable (it is a template).
bool isTemplate(const QString &s);
// Literal text as it stands in a template: every '$' doubled.
QString templateLiteral(const QString &text);
// "${var:NAME}".
QString templateReference(const QString &name);
// How a value is inserted into a template.
enum class Insert
{
    Raw,       // as it is
    JsonString // escaped for the inside of a JSON string literal (a JSON body's strings)
};
// The template `s` with each reference replaced by its value in `values` (a reference with no
// value stays "${var:NAME}") and each "$$" read as '$'; a final string is returned unchanged.
QString fillTemplate(const QString &s, const VariableValues &values, Insert insert = Insert::Raw);
// The names `s` refers to, in order, without duplicates.
QStringList templateVariables(const QString &s);

// ---- plans

// `plan` with every ${var:NAME} replaced in every string that can hold one (request paths,
// header values and bodies of routes and parity checks, the ready path, commands, env values,
// version probes, hook commands and SQL). A value variable missing from `values` takes its own
// value; a reference without a value stays as written (checkVariableValues() reports it).
// Registers as secrets (Plan::secretValues, and the plan text's literals that contain them for
// Plan::redactedText()): the values of secret variables, the filled values of secret env keys and
// secret headers, and the value of every variable used in one of those (4 characters or more: a
// variable that flows into a secret is secret too).
Plan withVariables(const Plan &plan, const VariableValues &values);

// Whether `values` can fill `plan`: every variable has a value (a value variable its own at
// least), no value holds a NUL, and, once filled, every request path is still a request target
// (no spaces or control characters) and no header value holds a line break. Errors
// ("plan.variable"; `where` the variable's or the request's place; never a value):
//   "variable \"token\" has no value"
//   "the value of variable \"token\" contains a NUL character"
//   "route \"me\": the path is not a request target once ${var:user} is filled (spaces or
//    control characters)"
//   "route \"me\": header \"Authorization\" holds a line break once ${var:token} is filled"
sb::Status checkVariableValues(const Plan &plan, const VariableValues &values);

// ---- JSON Web Tokens

// A compact JWS (RFC 7519/7515): base64url(header).base64url(payload).base64url(HMAC) with header
// {"alg": jwt.alg, "typ": "JWT"} and the payload jwt.claims plus "iat": issuedAtS and "exp":
// issuedAtS + jwt.expiresInS (seconds since the Unix epoch). Errors ("plan.jwt"): an algorithm
// other than HS256/HS384/HS512, an empty secret.
sb::Result<QString> signJwt(const Variable::Jwt &jwt, qint64 issuedAtS);

} // namespace sb::plan
