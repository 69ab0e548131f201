#pragma once

#include <QMainWindow>

namespace sb {

// The main window. For now it says what the GUI will hold and points to the command line,
// which already reaches every capability.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
};

} // namespace sb
