#include "ui/storedruns.h"

#include "core/qterror.h"
#include "run/runnerprocess.h"
#include "store/runstore.h"

namespace sb {

StoredRuns readStoredRuns(const QString &location)
{
    auto opened = store::RunStore::open(location, store::RunStore::OpenMode::ReadOnly);
    if (!opened.ok())
        return {
            {}, qtText(opened.error()), qtCode(opened.error()) == QLatin1String("store.missing")};
    auto runs = opened.value()->runs();
    if (!runs.ok())
        return {{}, qtText(runs.error())};
    StoredRuns out{runs.value(), QString()};
    for (store::RunRecord &r : out.runs)
        r.status = run::currentStatus(r);
    return out;
}

} // namespace sb
