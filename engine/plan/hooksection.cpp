// Hooks: "hooks" at the top level, in a configuration and in a route.

#include "plansections.h"

namespace sb::plan {

namespace {

// The list of `out` a moment's key names, or nullptr.
QList<Hook> *momentList(const QString &key, HookSet &out)
{
    if (key == QLatin1String("before_run"))
        return &out.beforeRun;
    if (key == QLatin1String("before_configuration"))
        return &out.beforeConfiguration;
    if (key == QLatin1String("before_route"))
        return &out.beforeRoute;
    if (key == QLatin1String("before_window"))
        return &out.beforeWindow;
    return nullptr;
}

bool readHook(SectionContext &ctx, const JsonValue &obj, const QString &path,
              const Placeholders &placeholders, Hook &hook)
{
    FieldReader &f = ctx.fields;
    if (!f.expectObject(obj, path, latin1List({"sql", "command", "cwd", "timeout_s"})))
        return false;
    const qsizetype before = f.errorCount();
    hook.where = f.where(obj, path);
    hook.cwd = ctx.baseDir;
    const JsonValue *sql = obj.value(u"sql");
    const JsonValue *command = obj.value(u"command");
    if (sql && command) {
        f.error(obj, path, "plan.value",
                QStringLiteral("a hook has either \"sql\" or \"command\", not both"));
    } else if (!sql && !command) {
        f.error(obj, path, "plan.missing-key",
                QStringLiteral("missing required key \"sql\" or \"command\""));
    } else if (sql) {
        hook.kind = Hook::Kind::Sql;
        const QString p = jsonChildPath(path, QStringLiteral("sql"));
        if (f.string(*sql, p, hook.sql, true) && !ctx.hasDatabase)
            f.error(*sql, p, "plan.value",
                    QStringLiteral("\"sql\" hook needs a top-level \"database\""));
        if (const JsonValue *cwd = obj.value(u"cwd"))
            f.error(*cwd, jsonChildPath(path, QStringLiteral("cwd")), "plan.value",
                    QStringLiteral("\"cwd\" applies to command hooks only"));
    } else {
        hook.kind = Hook::Kind::Command;
        placeholders.argv(*command, jsonChildPath(path, QStringLiteral("command")), hook.command);
        if (const JsonValue *cwd = obj.value(u"cwd"))
            readDirectory(ctx, *cwd, jsonChildPath(path, QStringLiteral("cwd")), placeholders,
                          hook.cwd);
    }
    if (const JsonValue *v = obj.value(u"timeout_s"))
        f.seconds(*v, jsonChildPath(path, QStringLiteral("timeout_s")), 1, hook.timeoutMs);
    return f.errorCount() == before;
}

} // namespace

void readHookSet(SectionContext &ctx, const JsonValue &obj, const QString &path,
                 const QStringList &moments, const Placeholders &placeholders, HookSet &out)
{
    if (!ctx.fields.expectObject(obj, path, moments))
        return;
    for (const JsonMember &m : obj.members) {
        QList<Hook> *list = momentList(m.key, out);
        if (!list || !moments.contains(m.key))
            continue;
        const QString p = jsonChildPath(path, m.key);
        if (!m.value.isArray()) {
            ctx.fields.typeError(m.value, p, QStringLiteral("an array of hooks"));
            continue;
        }
        for (size_t i = 0; i < m.value.items.size(); ++i) {
            Hook hook;
            if (readHook(ctx, m.value.items[i], jsonIndexPath(p, qsizetype(i)), placeholders, hook))
                list->append(hook);
        }
    }
}

} // namespace sb::plan
