#include "ui/models/cellstate.h"

#include <QCoreApplication>

namespace sb {

QString cellStateName(CellState state)
{
    switch (state) {
    case CellState::Pending:
        return QCoreApplication::translate("sb::CellState", "pending");
    case CellState::Running:
        return QCoreApplication::translate("sb::CellState", "running");
    case CellState::Valid:
        return QCoreApplication::translate("sb::CellState", "valid");
    case CellState::Remeasured:
        return QCoreApplication::translate("sb::CellState", "re-measured");
    case CellState::Invalid:
        return QCoreApplication::translate("sb::CellState", "invalid, will retry");
    case CellState::Failed:
        return QCoreApplication::translate("sb::CellState", "failed");
    case CellState::Blocked:
        return QCoreApplication::translate("sb::CellState", "blocked");
    }
    return {};
}

} // namespace sb
