#pragma once

#include <QWidget>
#include <array>

class QLabel;

namespace sb {

namespace charts {
class LiveWindow;
}

// The current window in numbers (issue 21): a row of tiles with 2xx/s, p50, p99, errors by kind
// and status, requests in flight, the server tree's cores against the generator's (with a
// "generator saturated" warning when the load threads are near a full core each) and the
// foreign processes by name. Each tile is a caption, a large value and a small note (against
// earlier rounds of the cell, say). Labels with fixed size policies, so an update never relays
// out the page. GUI thread only.
class LiveTiles : public QWidget
{
    Q_OBJECT
public:
    enum class Tile
    {
        Throughput,
        P50,
        P99,
        Errors,
        InFlight,
        Cores,
        Foreign
    };
    static constexpr int kTileCount = 7;

    // What the earlier valid rounds of the window's cell read: their mean and spread
    // ((max - min) / 2 / mean, as a share) of 2xx/s and p99; count 0 = none.
    struct Earlier
    {
        int count = 0;
        double okPerS = 0;
        double okSpread = 0;
        double p99Ms = 0;
        double p99Spread = 0;
    };

    explicit LiveTiles(QWidget *parent = nullptr);

    // Shows the window's figures and how they stand against the earlier rounds.
    void showWindow(const charts::LiveWindow &window, const Earlier &earlier);
    // Dashes everywhere (no window yet).
    void clear();

    QString value(Tile tile) const;
    QString note(Tile tile) const;
    bool saturatedWarningShown() const;

private:
    struct Parts
    {
        QLabel *caption = nullptr;
        QLabel *value = nullptr;
        QLabel *note = nullptr;
    };
    void set(Tile tile, const QString &value, const QString &note = QString(),
             const QString &tooltip = QString());
    void showLocalCores(const charts::LiveWindow &window);
    void showHostCores(const charts::LiveWindow &window);

    std::array<Parts, kTileCount> m_tiles{};
    bool m_saturated = false;
};

} // namespace sb
