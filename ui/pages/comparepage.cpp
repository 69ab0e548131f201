#include "ui/pages/comparepage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace sb {

ComparePage::ComparePage(QWidget *parent)
    : QWidget(parent)
{
    auto *label =
        new QLabel(tr("Compare arrives in part 2 of the GUI: two or more runs, or configurations "
                      "inside one run, against a baseline, with box plots, percentile curves and "
                      "verdicts.\n\nUntil then, stackbench list shows the stored runs"),
                   this);
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignCenter);
    label->setMargin(24);
    label->setAccessibleName(label->text());
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(label);
}

} // namespace sb
