#pragma once

// Value-or-error for every library API that can fail, in plain C++ so that the Qt-free layers
// (load, http, sample, target) use it as well as the Qt ones; core/qterror.h converts to and from
// QString for the Qt side. Nothing throws across threads: an error travels as a value.

#include <string>
#include <utility>
#include <variant>

namespace sb {

// What went wrong, where. `where` names the place a user can find: "plan.json:12:7 at
// $.routes[2].path", a URL, a PID, a file. `detail` is one human sentence. UTF-8.
struct Error
{
    std::string code;   // stable machine-readable kind, e.g. "plan.unknown-key", "store.open"
    std::string where;  // the place: file:line:column and JSON path, URL, table, ...
    std::string detail; // one sentence for a human

    // "where: detail" (or just detail), for one-line messages.
    std::string toString() const { return where.empty() ? detail : where + ": " + detail; }
};

// A value or an error. [[nodiscard]]: an ignored failure is a bug the compiler can see.
template<typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_v(std::in_place_index<0>, std::move(value))
    {}
    Result(Error error)
        : m_v(std::in_place_index<1>, std::move(error))
    {}

    bool ok() const { return m_v.index() == 0; }
    explicit operator bool() const { return ok(); }
    T &value() { return std::get<0>(m_v); }
    const T &value() const { return std::get<0>(m_v); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    const Error &error() const { return std::get<1>(m_v); }

private:
    std::variant<T, Error> m_v;
};

// For operations that return nothing but can fail.
struct Ok
{};
using Status = Result<Ok>;

} // namespace sb
