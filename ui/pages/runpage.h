#pragma once

#include <QWidget>

namespace sb {

class RunController;

// The live monitor of a run (GUI.md's sketch): header, four live charts of the current window,
// the matrix grid and the cells so far. Driven by the RunController's signals.
class RunPage : public QWidget
{
    Q_OBJECT
public:
    explicit RunPage(RunController *controller, QWidget *parent = nullptr);

private:
    RunController *m_controller;
};

} // namespace sb
