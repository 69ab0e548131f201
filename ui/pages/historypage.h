#pragma once

#include <QWidget>

namespace sb {

// Placeholder until part 2 of the GUI: says what the page will hold.
class HistoryPage : public QWidget
{
    Q_OBJECT
public:
    explicit HistoryPage(QWidget *parent = nullptr);
};

} // namespace sb
