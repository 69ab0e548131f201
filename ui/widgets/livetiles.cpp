#include "ui/widgets/livetiles.h"

#include "ui/charts/livewindow.h"
#include "ui/charts/palette.h"
#include "ui/models/figures.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace sb {

LiveTiles::LiveTiles(QWidget *parent)
    : QWidget(parent)
{
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(4);
    const QString captions[kTileCount] = {tr("2xx/s"),
                                          tr("p50"),
                                          tr("p99"),
                                          tr("errors"),
                                          tr("in flight"),
                                          tr("cores: server / generator"),
                                          tr("foreign CPU: busiest processes")};
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    big.setBold(true);
    for (int i = 0; i < kTileCount; ++i) {
        auto *frame = new QFrame(this);
        frame->setFrameShape(QFrame::StyledPanel);
        auto *v = new QVBoxLayout(frame);
        v->setContentsMargins(6, 2, 6, 2);
        v->setSpacing(0);
        Parts &p = m_tiles[size_t(i)];
        p.caption = new QLabel(captions[i], frame);
        p.value = new QLabel(frame);
        p.note = new QLabel(frame);
        p.caption->setFont(small);
        p.note->setFont(small);
        p.value->setFont(big);
        p.value->setAccessibleName(captions[i]);
        for (QLabel *l : {p.caption, p.value, p.note}) {
            // Ignored width: a longer value never widens the row; the tooltip has all of it.
            l->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
            l->setTextFormat(Qt::PlainText);
            v->addWidget(l);
        }
        if (Tile(i) == Tile::Foreign) { // three names and figures: less large
            QFont names = font();
            names.setBold(true);
            p.value->setFont(names);
        }
        // The foreign processes' names need the most room.
        row->addWidget(frame, Tile(i) == Tile::Foreign ? 3 : Tile(i) == Tile::Cores ? 2 : 1);
    }
    clear();
}

void LiveTiles::set(Tile tile, const QString &value, const QString &note, const QString &tooltip)
{
    Parts &p = m_tiles[size_t(tile)];
    if (p.value->text() != value)
        p.value->setText(value);
    if (p.note->text() != note)
        p.note->setText(note);
    const QString tip = tooltip.isEmpty()
                            ? value + (note.isEmpty() ? QString() : QLatin1Char('\n') + note)
                            : tooltip;
    if (p.value->parentWidget()->toolTip() != tip)
        p.value->parentWidget()->setToolTip(tip);
}

void LiveTiles::clear()
{
    const QString dash = QStringLiteral("\u2013");
    for (int i = 0; i < kTileCount; ++i)
        set(Tile(i), dash);
    m_saturated = false;
    if (!m_tiles[size_t(Tile::Cores)].note->styleSheet().isEmpty())
        m_tiles[size_t(Tile::Cores)].note->setStyleSheet(QString());
}

void LiveTiles::showWindow(const charts::LiveWindow &w, const Earlier &e)
{
    if (!w.hasData()) {
        clear();
        return;
    }
    const QString phase = w.isFinished() ? tr("window")
                          : w.inWarmUp() ? tr("warm-up")
                                         : tr("so far");
    QString okNote = phase;
    if (e.count > 0 && !w.inWarmUp())
        okNote =
            tr("%1 %2; earlier %3 \u00b1%4 %")
                .arg(phase, charts::relativeText(w.okPerS(), e.okPerS), figures::rate(e.okPerS))
                .arg(e.okSpread * 100, 0, 'f', 1);
    set(Tile::Throughput, figures::rate(w.okPerS()), okNote);
    set(Tile::P50, figures::latencyUs(w.p50Ms() * 1000.0),
        w.isFinished() ? tr("window") : tr("last interval"));
    QString p99Note = w.isFinished() ? tr("window") : tr("last interval");
    if (e.count > 0 && !w.inWarmUp())
        p99Note =
            tr("%1; earlier %2 \u00b1%3 %")
                .arg(charts::relativeText(w.p99Ms(), e.p99Ms), figures::latencyUs(e.p99Ms * 1000.0))
                .arg(e.p99Spread * 100, 0, 'f', 1);
    set(Tile::P99, figures::latencyUs(w.p99Ms() * 1000.0), p99Note);

    const auto errors = w.errorsByKind();
    qint64 total = 0;
    QStringList kinds;
    for (const auto &[kind, n] : errors) {
        total += n;
        kinds << QStringLiteral("%1 %2").arg(kind).arg(n);
    }
    set(Tile::Errors, QString::number(total),
        kinds.isEmpty() ? tr("of %1 responses").arg(w.requests())
                        : kinds.join(QStringLiteral(", ")));

    set(Tile::InFlight, QString::number(w.inFlight()),
        w.draining() ? tr("draining") : tr("c=%1").arg(w.cell().concurrency));

    if (!w.loadHosts().isEmpty() || !w.hostCores().isEmpty() || !w.intervalHostCores().isEmpty())
        showHostCores(w);
    else
        showLocalCores(w);
    QLabel *coresNote = m_tiles[size_t(Tile::Cores)].note;
    const QString sheet =
        m_saturated ? QStringLiteral("color: %1; font-weight: bold").arg(palette::gate().name())
                    : QString();
    if (coresNote->styleSheet() != sheet) // each setStyleSheet() polishes the label anew
        coresNote->setStyleSheet(sheet);

    QStringList names;
    for (const run::ForeignProcess &p : w.foreignTop())
        names << tr("%1 %2").arg(p.name, figures::cores(p.cores));
    set(Tile::Foreign, names.isEmpty() ? tr("none") : names.join(QStringLiteral(", ")),
        names.isEmpty() ? tr("no process above 0.05 cores") : tr("cores each, last interval"));
}

void LiveTiles::showLocalCores(const charts::LiveWindow &w)
{
    m_saturated = w.generatorSaturated() && !w.inWarmUp();
    const QString cores = QStringLiteral("%1 / %2").arg(figures::cores(w.serverCores()),
                                                        figures::cores(w.generatorCores()));
    set(Tile::Cores, w.inWarmUp() ? QStringLiteral("\u2013") : cores,
        m_saturated
            ? tr("generator saturated: %1 threads near a full core each").arg(w.loadThreads())
            : tr("%n load thread(s)", nullptr, w.loadThreads()));
}

// Load from other hosts: the tile gives the server's cores against the sum of the hosts'
// generators, each host in the note: of the latest interval while the window runs (the hosts
// alone, so that two fit at 1280 pixels wide), over the window once it ends.
void LiveTiles::showHostCores(const charts::LiveWindow &w)
{
    const QVector<report::WindowLoadHost> &hosts = w.hostCores();
    const QString server =
        w.inWarmUp() ? QStringLiteral("\u2013") : figures::cores(w.serverCores());
    if (hosts.isEmpty() && !w.intervalHostCores().isEmpty()) {
        double sum = 0;
        QStringList parts;
        QString saturated;
        for (const run::LoadHostCores &h : w.intervalHostCores()) {
            sum += h.cores;
            parts << tr("%1 %2").arg(h.host, figures::cores(h.cores));
            if (h.cores >= charts::LiveWindow::kSaturatedShare * w.loadThreads() &&
                saturated.isEmpty())
                saturated = tr("generator on %1 saturated: %2 cores of its %3 threads")
                                .arg(h.host, figures::cores(h.cores))
                                .arg(w.loadThreads());
        }
        m_saturated = !saturated.isEmpty();
        set(Tile::Cores, QStringLiteral("%1 / %2").arg(server, figures::cores(sum)),
            m_saturated ? saturated : parts.join(QStringLiteral(", ")));
        return;
    }
    if (hosts.isEmpty()) {
        m_saturated = false;
        set(Tile::Cores, server + QStringLiteral(" / \u2026"),
            tr("load from %1: each host's cores once measuring")
                .arg(w.loadHosts().join(QStringLiteral(", "))));
        return;
    }
    double sum = 0;
    QStringList parts;
    QString saturated;
    for (const report::WindowLoadHost &h : hosts) {
        sum += h.generatorCores;
        parts << tr("%1 %2").arg(h.host, figures::cores(h.generatorCores));
        if (h.saturated && saturated.isEmpty())
            saturated = tr("generator on %1 saturated: %2 cores of its %3 threads")
                            .arg(h.host, figures::cores(h.generatorCores))
                            .arg(h.threads);
    }
    m_saturated = !saturated.isEmpty();
    const QString note =
        m_saturated ? saturated
                    : tr("generators, window mean: %1").arg(parts.join(QStringLiteral(", ")));
    set(Tile::Cores, QStringLiteral("%1 / %2").arg(server, figures::cores(sum)), note);
}

QString LiveTiles::value(Tile tile) const
{
    return m_tiles[size_t(tile)].value->text();
}

QString LiveTiles::note(Tile tile) const
{
    return m_tiles[size_t(tile)].note->text();
}

bool LiveTiles::saturatedWarningShown() const
{
    return m_saturated;
}

} // namespace sb
