# CPack, DEB generator: `cmake --build build --target package` writes build/stackbench_*.deb.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME stackbench)
set(CPACK_PACKAGE_VENDOR "Stackbench")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# Read here, not through CPACK_PACKAGE_DESCRIPTION_FILE: cpack escapes that file for XML ("&apos;").
file(READ ${CMAKE_CURRENT_SOURCE_DIR}/description.txt CPACK_DEBIAN_PACKAGE_DESCRIPTION)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${CMAKE_CURRENT_SOURCE_DIR}/description.txt)
set(CPACK_PACKAGE_HOMEPAGE_URL ${STACKBENCH_HOMEPAGE})
set(CPACK_PACKAGE_CONTACT ${STACKBENCH_MAINTAINER})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Relative install paths only: CPack's staging root and /usr both have to work.
set(CPACK_WARN_ON_ABSOLUTE_INSTALL_DESTINATION ON)
set(CPACK_ERROR_ON_ABSOLUTE_INSTALL_DESTINATION ON)

set(CPACK_DEBIAN_PACKAGE_NAME stackbench)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # stackbench_VERSION-RELEASE_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# The shared libraries the binary links, from dpkg-shlibdeps; then what Qt loads at run time,
# which no linker sees: the SQLite driver of the run store (the default store, so a Depends) and
# the PostgreSQL driver (only for postgresql:// stores). python3 runs the demo's second server
# (/usr/share/stackbench/demo), nothing else: every other command works without it, so by Debian
# policy 7.2 it is a Recommends, which apt installs by default. Qt's own catalogues translate
# the standard dialogs' buttons of the German and Chinese GUI (ours are inside the binary), and
# Chinese needs a CJK font. The catalogues are a Recommends, the font a Suggests (56 MB).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libqt6sql6-psql, python3, qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "fonts-noto-cjk")
# A stripped binary (2.8 MB instead of 70). CPACK_DEBIAN_DEBUGINFO_PACKAGE would keep the symbols in
# a stackbench-dbgsym .ddeb, at a minute more of xz per package.
set(CPACK_STRIP_FILES ON)
# dpkg's file triggers refresh the icon cache, the desktop database and man-db on install and
# removal, so the one maintainer script is prerm: it removes the Python bytecode a demo run as root
# leaves beside the demo's modules.
set(STACKBENCH_SHARE_DIR ${CPACK_PACKAGING_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/stackbench)
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/prerm.in ${CMAKE_CURRENT_BINARY_DIR}/debian/prerm @ONLY)
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_CURRENT_BINARY_DIR}/debian/prerm)

include(CPack)
