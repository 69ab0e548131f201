#pragma once

#include <QWidget>

namespace sb {

// Placeholder until part 2 of the GUI: says what the page will hold.
class ComparePage : public QWidget
{
    Q_OBJECT
public:
    explicit ComparePage(QWidget *parent = nullptr);
};

} // namespace sb
