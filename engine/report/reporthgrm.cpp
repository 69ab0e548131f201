#include "report/reporthgrm.h"

#include "stats/histogram.h"

namespace sb::report {

namespace {

QString fileNamePart(const QString &name)
{
    QString out = name.left(64);
    for (QChar &c : out)
        if (!(c.isLetterOrNumber() || c == u'.' || c == u'-' || c == u'_') || c.isSurrogate())
            c = u'_';
    if (out.isEmpty() || out.startsWith(QLatin1Char('.')))
        out.prepend(u'_'); // no hidden file, no "." or ".."
    return out;
}

} // namespace

QByteArray cellHgrm(const CellReport &cell)
{
    Histogram h;
    if (cell.figures.pooledHistogram.empty() || !h.decode(cell.figures.pooledHistogram))
        return QByteArray();
    const std::string text = h.toHgrm();
    return QByteArray(text.data(), qsizetype(text.size()));
}

QString cellHgrmFileName(const CellReport &cell)
{
    return QStringLiteral("%1_%2_c%3.hgrm")
        .arg(fileNamePart(cell.configuration), fileNamePart(cell.route),
             QString::number(cell.concurrency));
}

} // namespace sb::report
