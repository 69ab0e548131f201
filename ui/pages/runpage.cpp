#include "ui/pages/runpage.h"

#include "ui/runcontroller.h"

#include <QLabel>
#include <QVBoxLayout>

namespace sb {

RunPage::RunPage(RunController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("No run yet: open a plan and press Start."), this));
}

} // namespace sb
