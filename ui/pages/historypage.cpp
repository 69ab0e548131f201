#include "ui/pages/historypage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace sb {

HistoryPage::HistoryPage(QWidget *parent)
    : QWidget(parent)
{
    auto *label = new QLabel(
        tr("History arrives in part 2 of the GUI: the store's runs (date, plan, profile, status, "
           "valid and total windows, machine, revision), filter, open, resume, export, import and "
           "delete.\n\nUntil then: stackbench list, stackbench resume"),
        this);
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignCenter);
    label->setMargin(24);
    label->setAccessibleName(label->text());
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(label);
}

} // namespace sb
