#include "ui/storeresults.h"

#include "store/runstore.h"
#include "ui/charts/comparedata.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace sb {

QString displayStoreLocation(const QString &location)
{
    if (location.isEmpty())
        return store::RunStore::defaultLocation();
    static const QRegularExpression scheme(QStringLiteral("^[A-Za-z][A-Za-z0-9+.-]*://"));
    if (!scheme.match(location).hasMatch())
        return location;
    QUrl shown(location, QUrl::StrictMode);
    if (!shown.isValid())
        return location.section(QStringLiteral("://"), 0, 0) +
               QStringLiteral("://(not a valid URL)");
    shown.setPassword(QString());
    QUrlQuery query(shown);
    query.removeAllQueryItems(QStringLiteral("password"));
    shown.setQuery(query);
    return shown.toString();
}

void registerStoreTypes()
{
    qRegisterMetaType<sb::RunRow>();
    qRegisterMetaType<sb::RunsResult>();
    qRegisterMetaType<sb::StoredRun>();
    qRegisterMetaType<sb::StoredWindows>();
    qRegisterMetaType<sb::StoredWindow>();
    qRegisterMetaType<sb::StoreOperation>();
    qRegisterMetaType<sb::charts::CompareResult>();
}

} // namespace sb
