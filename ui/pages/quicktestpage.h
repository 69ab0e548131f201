#pragma once

#include <QWidget>

namespace sb {

// Exploratory load against one URL: the `stackbench load` form, live charts, the summary and
// the latency percentile curve, and "Keep in history".
class QuickTestPage : public QWidget
{
    Q_OBJECT
public:
    explicit QuickTestPage(QWidget *parent = nullptr);
};

} // namespace sb
