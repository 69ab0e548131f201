#include "ui/charts/palette.h"

#include <array>

namespace sb::palette {

QColor categorical(int index)
{
    static constexpr std::array<QRgb, 10> colours = {0x4e79a7, 0xf28e2b, 0x59a14f, 0xb07aa1,
                                                     0x76b7b2, 0xedc948, 0xe15759, 0xff9da7,
                                                     0x9c755f, 0xbab0ac};
    const int n = int(colours.size());
    return QColor(colours[size_t(((index % n) + n) % n)]);
}

QColor cellState(CellState state)
{
    switch (state) {
    case CellState::Pending:
        return QColor(0xba, 0xb0, 0xac, 90);
    case CellState::Running:
        return QColor(0x4e79a7);
    case CellState::Valid:
        return QColor(0x59a14f);
    case CellState::Remeasured:
        return QColor(0x8cd17d);
    case CellState::Invalid:
        return QColor(0xf2, 0x8e, 0x2b);
    case CellState::Failed:
        return QColor(0xe15759);
    case CellState::Blocked:
        return QColor(0x79706e);
    }
    return {};
}

QColor textOn(const QColor &background)
{
    if (background.alpha() < 128)
        return {}; // translucent: the view's own text colour
    return background.lightnessF() > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
}

QColor gate()
{
    return QColor(0xe15759);
}

QColor warmUp()
{
    return QColor(0x80, 0x80, 0x80, 50);
}

} // namespace sb::palette
