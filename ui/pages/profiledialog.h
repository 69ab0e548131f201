#pragma once

#include "store/records.h"

#include <QDialog>

namespace sb {

class ProfileView;

// A stored CPU profile in a window of its own (History's "CPU profile" and "Differential flame
// graph"): a ProfileView of one profile or of two. Not modal; deletes itself when closed; keeps
// its size in the settings. GUI thread.
class ProfileDialog : public QDialog
{
    Q_OBJECT
public:
    // One profile, of run `profile.runId`.
    explicit ProfileDialog(const store::ProfileRecord &profile, QWidget *parent = nullptr);
    // `b` against `a` (the baseline), named `nameA` and `nameB`.
    ProfileDialog(const store::ProfileRecord &a, const store::ProfileRecord &b,
                  const QString &nameA, const QString &nameB, QWidget *parent = nullptr);
    ~ProfileDialog() override;

    ProfileView *view() const { return m_view; }

private:
    void build();

    ProfileView *m_view = nullptr;
};

} // namespace sb
