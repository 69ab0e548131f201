#pragma once

#include "profile/difftree.h"
#include "profile/flamelayout.h"
#include "profile/frametree.h"

#include <QColor>
#include <QRectF>
#include <QString>
#include <QWidget>

namespace sb {

// A flame graph of one CPU profile, or the differential flame graph of two (issue 25), painted
// by hand: an icicle (the root, "all samples", on top, callees below their callers), each frame
// as wide as its share, laid out by profile/flamelayout.h as the HTML report's SVG is and in the
// same colours (report/palette.h). Click a frame to zoom into it (its callers then span the
// width too, so clicking one of them zooms out to it); Escape or resetZoom() shows everything
// again. A search highlights the frames whose name holds the text (case-insensitive) and tells
// the share of all samples they cover (each stack counted once). Hovering a frame names it with
// its samples and its self and total share (in differential mode: both sides' shares and the
// change). The differential mode colours each frame by the change in its share, red grown and
// blue shrunk, with a legend on top. Frames narrower than half a pixel are not drawn. The
// widget is as high as its rows: put it in a QScrollArea. GUI thread.
class FlameGraphWidget : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kRowHeight = 18;    // one frame's row, pixels
    static constexpr int kLegendHeight = 24; // the differential legend's strip, pixels

    explicit FlameGraphWidget(QWidget *parent = nullptr);

    // The profile to draw (plain mode); the zoom and search are reset, the search text kept.
    void setProfile(const profile::FrameTree &tree);
    // Two profiles: `diff` of A (`nameA`, the baseline) against B (`nameB`).
    void setDiff(const profile::DiffTree &diff, const QString &nameA, const QString &nameB);
    // Nothing to draw; `message` says why (empty: a neutral placeholder).
    void clear(const QString &message = QString());

    bool isDiff() const { return m_diff; }
    // The tree drawn (the differential tree's shape in differential mode).
    const profile::FrameTree &tree() const { return m_tree; }
    const profile::FlameLayout &layout() const { return m_layout; }
    int zoomNode() const { return m_zoom; }
    // Where `node` is drawn, widget coordinates; empty when it is not drawn.
    QRectF frameRect(int node) const;
    // The node drawn at `pos`; -1 when none.
    int nodeAt(const QPoint &pos) const;
    // The fill of `node` as painted now (search highlighting included).
    QColor frameColour(int node) const;
    // The hover text of `node` (plain text, lines apart by '\n').
    QString toolTipFor(int node) const;
    // The search: its text, the frames it matches and the share of all samples they cover.
    QString searchText() const { return m_search; }
    int searchMatches() const { return m_matchCount; }
    double searchShare() const { return m_matchShare; }
    // The largest change in share drawn in full colour (differential mode).
    double colourScale() const { return m_scale; }

    // The height every frame of the profile needs, pixels (its deepest stack), whatever is
    // zoomed or too narrow to draw now.
    int fullHeight() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public Q_SLOTS:
    void zoomTo(int node);
    void resetZoom();
    // Highlights frames whose name contains `text` (case-insensitive; empty: no search).
    void setSearch(const QString &text);

Q_SIGNALS:
    void zoomChanged(int node);
    // The search's result changed: `matches` frame names, `share` of all samples (0..1).
    void searchChanged(int matches, double share);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void relayout();
    void updateSearch();
    QRectF boxOf(const profile::FlameRect &rect) const;
    int top() const { return m_diff ? kLegendHeight : 0; }
    void paintLegend(QPainter &painter);
    QString legendText() const;

    profile::FrameTree m_tree;
    profile::DiffTree m_diffTree;
    bool m_diff = false;
    QString m_nameA;
    QString m_nameB;
    QVector<double> m_weights; // differential: DiffTree::weights(); plain: empty
    profile::FlameLayout m_layout;
    int m_zoom = profile::FrameTree::kRoot;
    double m_scale = 0;
    QString m_message;
    QString m_search;
    QVector<bool> m_matches; // by name id
    int m_matchCount = 0;
    double m_matchShare = 0;
    bool m_empty = true;
};

} // namespace sb
