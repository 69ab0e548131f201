#pragma once

// The Qt side of sb::Error (core/result.h): building one from QStrings and reading its fields as
// QStrings. Any thread.

#include "core/result.h"

#include <QString>

namespace sb {

inline Error qtError(const QString &code, const QString &where, const QString &detail)
{
    return Error{code.toStdString(), where.toStdString(), detail.toStdString()};
}

inline QString qtCode(const Error &e)
{
    return QString::fromStdString(e.code);
}

inline QString qtWhere(const Error &e)
{
    return QString::fromStdString(e.where);
}

inline QString qtDetail(const Error &e)
{
    return QString::fromStdString(e.detail);
}

// "where: detail" (or just detail).
inline QString qtText(const Error &e)
{
    return QString::fromStdString(e.toString());
}

} // namespace sb
