#include "ui/widgets/flamegraphwidget.h"

#include "report/flamegraphsvg.h"
#include "report/palette.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QLinearGradient>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

namespace sb {

namespace {

constexpr double kMinFramePx = 0.5;
constexpr int kMargin = 4;

QColor rgb(uint32_t c)
{
    return QColor::fromRgb(QRgb(0xff000000u | c));
}

QString samplesText(qint64 n)
{
    return FlameGraphWidget::tr("%Ln sample(s)", nullptr, int(std::min<qint64>(n, INT_MAX)));
}

} // namespace

FlameGraphWidget::FlameGraphWidget(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("flameGraph"));
    setAccessibleName(tr("Flame graph"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    clear();
}

void FlameGraphWidget::setProfile(const profile::FrameTree &tree)
{
    m_tree = tree;
    m_diffTree = profile::DiffTree();
    m_diff = false;
    m_weights.clear();
    m_nameA.clear();
    m_nameB.clear();
    m_message.clear();
    m_empty = tree.totalSamples() == 0;
    if (m_empty)
        m_message = tr("The profile holds no sample.");
    m_zoom = profile::FrameTree::kRoot;
    relayout();
    updateSearch();
    Q_EMIT zoomChanged(m_zoom);
}

void FlameGraphWidget::setDiff(const profile::DiffTree &diff, const QString &nameA,
                               const QString &nameB)
{
    m_tree = diff.shape();
    m_diffTree = diff;
    m_diff = true;
    m_weights = diff.weights();
    m_nameA = nameA;
    m_nameB = nameB;
    m_message.clear();
    m_empty = diff.samplesA() == 0 && diff.samplesB() == 0;
    if (m_empty)
        m_message = tr("Neither profile holds a sample.");
    // The colours' scale: the largest change, never below kDiffMinScale (report/palette.h).
    m_scale = report::kDiffMinScale;
    for (int i = 0; i < m_tree.nodeCount(); ++i)
        m_scale = std::max(m_scale, std::abs(diff.delta(i)));
    m_zoom = profile::FrameTree::kRoot;
    relayout();
    updateSearch();
    Q_EMIT zoomChanged(m_zoom);
}

void FlameGraphWidget::clear(const QString &message)
{
    m_tree = profile::FrameTree();
    m_diffTree = profile::DiffTree();
    m_diff = false;
    m_weights.clear();
    m_empty = true;
    m_message = message.isEmpty() ? tr("No profile is shown.") : message;
    m_zoom = profile::FrameTree::kRoot;
    relayout();
    updateSearch();
}

void FlameGraphWidget::relayout()
{
    const double width = std::max(1, this->width() - 2 * kMargin);
    m_layout = m_empty ? profile::FlameLayout{}
                       : profile::flameLayout(m_tree, m_weights, m_zoom, kMinFramePx / width);
    updateGeometry();
    update();
}

int FlameGraphWidget::fullHeight() const
{
    return top() + (m_empty ? 3 : m_tree.maxDepth() + 1) * kRowHeight + 2 * kMargin;
}

QSize FlameGraphWidget::sizeHint() const
{
    const int rows = std::max(m_layout.rows, 8);
    return QSize(800, top() + rows * kRowHeight + 2 * kMargin);
}

QSize FlameGraphWidget::minimumSizeHint() const
{
    // As high as the rows, so a scroll area scrolls rather than squeezes.
    return QSize(200, top() + std::max(m_layout.rows, 3) * kRowHeight + 2 * kMargin);
}

QRectF FlameGraphWidget::boxOf(const profile::FlameRect &r) const
{
    const double width = this->width() - 2 * kMargin;
    return QRectF(kMargin + r.x * width, top() + kMargin + r.depth * kRowHeight, r.width * width,
                  kRowHeight - 1);
}

QRectF FlameGraphWidget::frameRect(int node) const
{
    for (const profile::FlameRect &r : m_layout.rects)
        if (r.node == node)
            return boxOf(r);
    return QRectF();
}

int FlameGraphWidget::nodeAt(const QPoint &pos) const
{
    const double width = this->width() - 2 * kMargin;
    const int y = pos.y() - top() - kMargin;
    if (y < 0 || width <= 0)
        return -1;
    const int i = profile::rectAt(m_layout, (pos.x() - kMargin) / width, y / kRowHeight);
    return i < 0 ? -1 : m_layout.rects[i].node;
}

QColor FlameGraphWidget::frameColour(int node) const
{
    const profile::FrameTree::Node &n = m_tree.node(node);
    if (!m_search.isEmpty())
        return rgb(n.name >= 0 && m_matches.value(n.name) ? report::kFlameMatch
                                                          : report::kFlameDimmed);
    if (node == profile::FrameTree::kRoot)
        return rgb(report::kFlameRoot);
    if (m_diff)
        return rgb(report::diffColour(m_diffTree.delta(node), m_scale));
    const QString name = m_tree.names()[n.name];
    return rgb(report::flameColour(
        report::flameNameHash(reinterpret_cast<const char16_t *>(name.utf16()), name.size())));
}

QString FlameGraphWidget::toolTipFor(int node) const
{
    if (node < 0 || node >= m_tree.nodeCount())
        return QString();
    const bool root = node == profile::FrameTree::kRoot;
    const QString name = root ? tr("all samples") : m_tree.name(node);
    if (m_diff)
        // Two texts, each with all its arguments at once: a name may hold "%1".
        return tr("%1\n%2: %3 (%4)\n%5: %6 (%7)")
                   .arg(name, m_nameA, report::shareText(m_diffTree.shareA(node)),
                        samplesText(m_diffTree.totalA(node)), m_nameB,
                        report::shareText(m_diffTree.shareB(node)),
                        samplesText(m_diffTree.totalB(node))) +
               QLatin1Char('\n') +
               tr("change %1; self %2 → %3")
                   .arg(report::shareDeltaText(m_diffTree.delta(node)),
                        report::shareText(m_diffTree.selfShareA(node)),
                        report::shareText(m_diffTree.selfShareB(node)));
    const profile::FrameTree::Node &n = m_tree.node(node);
    const qint64 all = m_tree.totalSamples();
    const double total = all > 0 ? double(n.totalSamples) / double(all) : 0;
    const double self = all > 0 ? double(n.selfSamples) / double(all) : 0;
    return tr("%1\n%2, total %3 of all samples\nself %4 (%5)")
        .arg(name, samplesText(n.totalSamples), report::shareText(total), report::shareText(self),
             samplesText(n.selfSamples));
}

void FlameGraphWidget::zoomTo(int node)
{
    if (node < 0 || node >= m_tree.nodeCount() || node == m_zoom)
        return;
    m_zoom = node;
    relayout();
    Q_EMIT zoomChanged(m_zoom);
}

void FlameGraphWidget::resetZoom()
{
    if (m_zoom == profile::FrameTree::kRoot)
        return;
    m_zoom = profile::FrameTree::kRoot;
    relayout();
    Q_EMIT zoomChanged(m_zoom);
}

void FlameGraphWidget::setSearch(const QString &text)
{
    if (text == m_search)
        return;
    m_search = text;
    updateSearch();
}

void FlameGraphWidget::updateSearch()
{
    m_matches.fill(false, m_tree.names().size());
    m_matchCount = 0;
    if (!m_search.isEmpty())
        for (qsizetype i = 0; i < m_tree.names().size(); ++i)
            if (m_tree.names()[i].contains(m_search, Qt::CaseInsensitive)) {
                m_matches[i] = true;
                ++m_matchCount;
            }
    // In differential mode the share is of the graph's widths: the mean of the two sides.
    m_matchShare = m_matchCount > 0 ? profile::matchedShare(m_tree, m_matches, m_weights) : 0.0;
    update();
    Q_EMIT searchChanged(m_matchCount, m_matchShare);
}

bool FlameGraphWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (m_diff && !m_empty && help->pos().y() < top()) {
            QToolTip::showText(help->globalPos(), legendText(), this);
            return true;
        }
        const int node = nodeAt(help->pos());
        if (node >= 0)
            QToolTip::showText(help->globalPos(), toolTipFor(node), this, frameRect(node).toRect());
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

QString FlameGraphWidget::legendText() const
{
    return tr("B against A, each as shares of its own samples: blue a smaller share in B, red a "
              "larger one (full colour at %1); width: the mean of the two")
        .arg(report::shareDeltaText(m_scale));
}

void FlameGraphWidget::paintLegend(QPainter &p)
{
    const QRect bar(kMargin, 6, 120, 10);
    QLinearGradient g(bar.topLeft(), bar.topRight());
    g.setColorAt(0, rgb(report::kDiffShrank));
    g.setColorAt(0.5, rgb(report::kDiffSame));
    g.setColorAt(1, rgb(report::kDiffGrew));
    p.fillRect(bar, g);
    p.setPen(palette().color(QPalette::WindowText));
    const QString text = legendText();
    const QRect textRect(bar.right() + 8, 0, width() - bar.right() - 8 - kMargin, kLegendHeight);
    p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
               fontMetrics().elidedText(text, Qt::ElideRight, textRect.width()));
}

void FlameGraphWidget::paintEvent(QPaintEvent *event)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    if (m_empty) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, m_message);
        return;
    }
    if (m_diff)
        paintLegend(p);
    const QColor ink = rgb(report::kFlameText);
    const QFontMetrics fm = fontMetrics();
    for (const profile::FlameRect &r : m_layout.rects) {
        const QRectF box = boxOf(r);
        if (box.isEmpty() || !box.intersects(event->rect())) // a scroll area shows a part
            continue;
        const QColor fill = frameColour(r.node);
        p.fillRect(box.adjusted(0, 0, box.width() >= 2 ? -0.5 : 0, 0), fill);
        if (box.width() < 3 * fm.averageCharWidth() + 6)
            continue;
        const QString name =
            r.node == profile::FrameTree::kRoot ? tr("all samples") : m_tree.name(r.node);
        p.setPen(ink);
        const QRectF textBox = box.adjusted(3, 0, -3, 0);
        p.drawText(textBox, Qt::AlignVCenter | Qt::AlignLeft,
                   fm.elidedText(name, Qt::ElideRight, int(textBox.width())));
    }
}

void FlameGraphWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        const int node = nodeAt(event->position().toPoint());
        if (node >= 0)
            zoomTo(node);
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

void FlameGraphWidget::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && m_zoom != profile::FrameTree::kRoot) {
        resetZoom();
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Backspace && m_zoom != profile::FrameTree::kRoot) {
        zoomTo(m_tree.node(m_zoom).parent);
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void FlameGraphWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    relayout();
}

} // namespace sb
