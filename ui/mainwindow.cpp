#include "ui/mainwindow.h"

#include <QLabel>

namespace sb {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Stackbench"));
    auto *label =
        new QLabel(tr("Stackbench measures complete HTTP server stacks.\n\n"
                      "The plan editor, live charts and run browser are on their way.\n"
                      "Everything already works from the command line: stackbench --help"),
                   this);
    label->setAlignment(Qt::AlignCenter);
    label->setMargin(24);
    setCentralWidget(label);
    resize(720, 420);
}

} // namespace sb
