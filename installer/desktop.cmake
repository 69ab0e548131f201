# The desktop integration of the GUI: the menu entry, the hicolor icons and the AppStream
# metadata, from resources/desktop/. Only with the GUI: without it there is nothing to launch.
if(NOT STACKBENCH_BUILD_UI)
    return()
endif()
set(_desktop_src ${PROJECT_SOURCE_DIR}/resources/desktop)
set(_desktop_file ${CMAKE_CURRENT_BINARY_DIR}/${STACKBENCH_APP_ID}.desktop)
set(_metainfo_file ${CMAKE_CURRENT_BINARY_DIR}/${STACKBENCH_APP_ID}.metainfo.xml)
configure_file(${_desktop_src}/stackbench.desktop.in ${_desktop_file} @ONLY)
configure_file(${_desktop_src}/stackbench.metainfo.xml.in ${_metainfo_file} @ONLY)
install(FILES ${_desktop_file} DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${_metainfo_file} DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

# One drawn SVG; the PNG sizes are rendered from it with Qt Svg (which the GUI links anyway), so
# no bitmap is committed and none goes stale.
find_package(Qt6 REQUIRED COMPONENTS Gui Svg)
add_executable(sb_rendericon rendericon.cpp)
target_link_libraries(sb_rendericon PRIVATE Qt6::Gui Qt6::Svg)
set(_icon_svg ${_desktop_src}/stackbench.svg)
set(_icon_pngs)
foreach(size IN ITEMS 16 22 24 32 48 64 128 256 512)
    set(_png ${CMAKE_CURRENT_BINARY_DIR}/icons/${size}x${size}/stackbench.png)
    add_custom_command(OUTPUT ${_png}
                       COMMAND ${CMAKE_COMMAND} -E make_directory icons/${size}x${size}
                       COMMAND sb_rendericon ${_icon_svg} ${_png} ${size}
                       DEPENDS sb_rendericon ${_icon_svg}
                       WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}
                       COMMENT "Rendering the ${size}x${size} icon" VERBATIM)
    list(APPEND _icon_pngs ${_png})
    install(FILES ${_png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
endforeach()
add_custom_target(stackbench_icons ALL DEPENDS ${_icon_pngs})
install(FILES ${_icon_svg} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

if(STACKBENCH_BUILD_TESTS)
    add_test(NAME installer_desktop_file
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/validate.sh desktop ${_desktop_file})
    add_test(NAME installer_metainfo
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/validate.sh metainfo ${_metainfo_file})
    set_tests_properties(installer_desktop_file installer_metainfo PROPERTIES SKIP_RETURN_CODE 77)
endif()
