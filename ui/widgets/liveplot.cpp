#include "ui/widgets/liveplot.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QList>
#include <QPointer>
#include <QTimer>

namespace sb {

namespace {

// Lives on the GUI thread as a child of the application; each turn paints the first plot
// waiting. The turns are a 1 ms timer's: with a posted event (or a 0 ms timer) for each, Qt's
// glib event loop ran two back to back before other timers had their turn.
class RedrawQueue : public QObject
{
public:
    static RedrawQueue *instance()
    {
        static QPointer<RedrawQueue> queue;
        if (!queue)
            queue = new RedrawQueue(QCoreApplication::instance());
        return queue;
    }

    void add(LivePlot *plot)
    {
        for (const QPointer<LivePlot> &p : std::as_const(m_plots))
            if (p == plot)
                return;
        m_plots.append(plot);
        if (!m_turn.isActive())
            m_turn.start();
    }

    int size() const { return int(m_plots.size()); }

private:
    explicit RedrawQueue(QObject *parent)
        : QObject(parent)
    {
        m_turn.setSingleShot(true);
        m_turn.setTimerType(Qt::PreciseTimer);
        m_turn.setInterval(1);
        m_turn.setObjectName(QStringLiteral("live plot redraw"));
        connect(&m_turn, &QTimer::timeout, this, &RedrawQueue::drawNext);
    }

    void drawNext()
    {
        while (!m_plots.isEmpty()) {
            const QPointer<LivePlot> plot = m_plots.takeFirst();
            if (!plot)
                continue;
            plot->repaint(); // this widget alone, now
            break;
        }
        if (!m_plots.isEmpty())
            m_turn.start();
    }

    QList<QPointer<LivePlot>> m_plots;
    QTimer m_turn;
};

} // namespace

LivePlot::LivePlot(QWidget *parent)
    : QCustomPlot(parent)
{
    setPlottingHint(QCP::phFastPolylines, true);
}

void LivePlot::redrawSoon()
{
    RedrawQueue::instance()->add(this);
}

int LivePlot::queuedRedraws()
{
    return RedrawQueue::instance()->size();
}

void LivePlot::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event);
    QElapsedTimer clock;
    clock.start();
    QCPPainter painter(this);
    if (!painter.isActive())
        return;
    if (mBackgroundBrush.style() != Qt::NoBrush)
        painter.fillRect(mViewport, mBackgroundBrush);
    draw(&painter); // the layout, then every layer (QCustomPlot's export path)
    m_lastDrawMs = double(clock.nsecsElapsed()) / 1e6;
    Q_EMIT drawn();
}

// QCustomPlot's own resizeEvent() replots into its paint buffers; the next paint draws anyway.
void LivePlot::resizeEvent(QResizeEvent *event)
{
    Q_UNUSED(event);
    setViewport(rect());
}

void redrawSoon(QCustomPlot *plot)
{
    if (auto *live = qobject_cast<LivePlot *>(plot))
        live->redrawSoon();
    else
        plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace sb
