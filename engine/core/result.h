#pragma once

#include <QString>
#include <optional>
#include <utility>
#include <variant>

namespace sb {

// What went wrong, where. `where` names the place a user can find: "plan.json:12:7 at
// $.routes[2].path", a URL, a PID, a file. `detail` is one human sentence.
struct Error
{
    QString code;   // stable machine-readable kind, e.g. "plan.unknown-key", "store.open"
    QString where;  // the place: file:line:column and JSON path, URL, table, ...
    QString detail; // one sentence for a human

    // "where: detail" (or just detail), for one-line messages.
    QString toString() const
    {
        return where.isEmpty() ? detail : where + QStringLiteral(": ") + detail;
    }
};

// A value or an error. Library APIs that can fail return this; nothing throws across threads.
template<typename T> class Result
{
public:
    Result(T value)
        : m_v(std::move(value))
    {}
    Result(Error error)
        : m_v(std::move(error))
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
