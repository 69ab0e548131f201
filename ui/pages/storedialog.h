#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;

namespace sb {

// Asks for the run store: a SQLite file (typed, or chosen with a file chooser that also names a
// new file) or a postgresql:// URL, with its password in a field of its own that never shows
// what was typed. The current store is shown without its password; accepting it unchanged keeps
// it as it is (password included). GUI thread.
class StoreDialog : public QDialog
{
    Q_OBJECT
public:
    // `current`: the location in use (empty = the default store), password included.
    explicit StoreDialog(const QString &current, QWidget *parent = nullptr);

    // The location the user chose, password included (empty = the default store).
    QString location() const;

    QLineEdit *locationEdit() const { return m_location; }
    QLineEdit *passwordEdit() const { return m_password; }

    // `typed` with `password` put into its URL (postgresql:// only); `typed` otherwise. Pure.
    static QString withPassword(const QString &typed, const QString &password);

private:
    void browse();
    void updateFields();

    QString m_current;
    QLineEdit *m_location;
    QLineEdit *m_password;
    QLabel *m_passwordLabel;
};

} // namespace sb
