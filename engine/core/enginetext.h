#pragma once

// The engine's texts in the GUI's language: plan diagnostics and the check's results are made in
// the engine and shown verbatim by the GUI, while the command line and everything a run stores
// (notes, reasons, reports) stay English. See translations/README.md.
//
// trEngine() marks a text for lupdate (translations/CMakeLists.txt passes
// `-tr-function-alias translate+=trEngine`, so lupdate reads it as QCoreApplication::translate)
// and returns its translation in `context` ("sb::plan", "sb::run"), or `source` itself when no
// translator has it. Only the GUI installs translators (ui/language.h): the command line never
// sees anything but the source. Placeholders are filled after translation, as with tr():
//   trEngine("sb::plan", "expected %1, found %2").arg(expected, found)
//
// A thread inside an EnglishEngineTexts scope always gets the source: the runner holds one for a
// whole run, so what it stores and what reports read back later is English whichever language
// the GUI that started it speaks. Any thread; the scope is per thread.
//
// For the Qt tiers (like core/qterror.h): QtCore only, nothing of it in the plain C++ of core.

#include <QCoreApplication>
#include <QString>

namespace sb {

namespace detail {
inline thread_local int englishEngineTextsDepth = 0;
} // namespace detail

// `source` (UTF-8) translated in `context`, or `source` itself: see above. `n` selects a plural
// form as tr() does ("%n window(s)").
inline QString trEngine(const char *context, const char *source,
                        const char *disambiguation = nullptr, int n = -1)
{
    if (detail::englishEngineTextsDepth > 0) {
        QString text = QString::fromUtf8(source);
        if (n >= 0)
            text.replace(QLatin1String("%n"), QString::number(n));
        return text;
    }
    return QCoreApplication::translate(context, source, disambiguation, n);
}

// While one is alive, trEngine() on this thread returns the source texts. Nests.
class EnglishEngineTexts
{
public:
    EnglishEngineTexts() { ++detail::englishEngineTextsDepth; }
    ~EnglishEngineTexts() { --detail::englishEngineTextsDepth; }
    EnglishEngineTexts(const EnglishEngineTexts &) = delete;
    EnglishEngineTexts &operator=(const EnglishEngineTexts &) = delete;
};

} // namespace sb
