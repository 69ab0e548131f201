#include "ui/widgets/liveplot.h"

#include <QCoreApplication>
#include <QList>
#include <QPointer>
#include <QTimer>
#include <qcustomplot.h>

namespace sb::liveplot {

namespace {

// Lives on the GUI thread as a child of the application; each turn replots the first plot
// waiting. The turns are a 1 ms timer's: with a posted event (or a 0 ms timer) for each, Qt's
// glib event loop ran two replots back to back before other timers had their turn.
class ReplotQueue : public QObject
{
public:
    static ReplotQueue *instance()
    {
        static QPointer<ReplotQueue> queue;
        if (!queue)
            queue = new ReplotQueue(QCoreApplication::instance());
        return queue;
    }

    void add(QCustomPlot *plot)
    {
        for (const QPointer<QCustomPlot> &p : std::as_const(m_plots))
            if (p == plot)
                return;
        m_plots.append(plot);
        if (!m_turn.isActive())
            m_turn.start();
    }

    int size() const { return int(m_plots.size()); }

private:
    explicit ReplotQueue(QObject *parent)
        : QObject(parent)
    {
        m_turn.setSingleShot(true);
        m_turn.setTimerType(Qt::PreciseTimer);
        m_turn.setInterval(1);
        m_turn.setObjectName(QStringLiteral("liveplot replot"));
        connect(&m_turn, &QTimer::timeout, this, &ReplotQueue::replotNext);
    }

    void replotNext()
    {
        while (!m_plots.isEmpty()) {
            const QPointer<QCustomPlot> plot = m_plots.takeFirst();
            if (!plot)
                continue;
            plot->replot(QCustomPlot::rpRefreshHint);
            break;
        }
        if (!m_plots.isEmpty())
            m_turn.start();
    }

    QList<QPointer<QCustomPlot>> m_plots;
    QTimer m_turn;
};

} // namespace

void setUp(QCustomPlot *plot)
{
    if (QCPLayer *overlay = plot->layer(QStringLiteral("overlay")))
        overlay->setMode(QCPLayer::lmLogical);
    plot->setPlottingHint(QCP::phFastPolylines, true);
}

void queueReplot(QCustomPlot *plot)
{
    ReplotQueue::instance()->add(plot);
}

int queuedReplots()
{
    return ReplotQueue::instance()->size();
}

} // namespace sb::liveplot
