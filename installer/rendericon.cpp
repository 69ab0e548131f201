// sb_rendericon SVG OUT.png SIZE: renders the application icon's SVG to a SIZE x SIZE PNG, so
// that the hicolor PNG sizes are built from the one drawn source and never committed.
#include <QImage>
#include <QPainter>
#include <QString>
#include <QSvgRenderer>
#include <cstdio>

int main(int argc, char **argv)
{
    // No QGuiApplication: raster painting on a QImage needs no platform, and the icon has no text.
    if (argc != 4) {
        std::fprintf(stderr, "usage: sb_rendericon SVG OUT.png SIZE\n");
        return 2;
    }
    const QString svg = QString::fromLocal8Bit(argv[1]);
    const QString out = QString::fromLocal8Bit(argv[2]);
    bool ok = false;
    const int size = QString::fromLocal8Bit(argv[3]).toInt(&ok);
    if (!ok || size < 1 || size > 4096) {
        std::fprintf(stderr, "sb_rendericon: SIZE must be 1 .. 4096, not '%s'\n", argv[3]);
        return 2;
    }
    QSvgRenderer renderer(svg);
    if (!renderer.isValid()) {
        std::fprintf(stderr, "sb_rendericon: %s is not a valid SVG file\n", argv[1]);
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter);
    painter.end();
    if (!image.save(out, "PNG")) {
        std::fprintf(stderr, "sb_rendericon: cannot write %s\n", argv[2]);
        return 1;
    }
    return 0;
}
