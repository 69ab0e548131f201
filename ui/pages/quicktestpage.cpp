#include "ui/pages/quicktestpage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace sb {

QuickTestPage::QuickTestPage(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Quick test"), this));
}

} // namespace sb
