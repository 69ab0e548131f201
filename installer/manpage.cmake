# stackbench(1), made at build time from `stackbench --help` and each command's --help by
# manpage.py (Python's standard library only), so the page says what the binary says.
find_program(STACKBENCH_PYTHON3 NAMES python3 HINTS /usr/bin DOC "python3 for the man page")
if(NOT STACKBENCH_PYTHON3)
    message(WARNING "python3 not found: the man page stackbench.1 is not built or installed")
    return()
endif()
set(_manpage ${CMAKE_CURRENT_BINARY_DIR}/stackbench.1.gz)
add_custom_command(OUTPUT ${_manpage}
                   COMMAND ${CMAKE_COMMAND} -E env SOURCE_DATE_EPOCH=${STACKBENCH_SOURCE_EPOCH}
                           ${STACKBENCH_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/manpage.py
                           $<TARGET_FILE:stackbench> ${_manpage} ${STACKBENCH_HOMEPAGE}
                   DEPENDS stackbench ${CMAKE_CURRENT_SOURCE_DIR}/manpage.py
                   COMMENT "Writing the man page stackbench.1 from the help text" VERBATIM)
add_custom_target(stackbench_manpage ALL DEPENDS ${_manpage})
install(FILES ${_manpage} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

if(STACKBENCH_BUILD_TESTS)
    add_test(NAME installer_manpage
             COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/validate.sh manpage ${_manpage}
                     $<TARGET_FILE:stackbench>)
    set_tests_properties(installer_manpage PROPERTIES SKIP_RETURN_CODE 77)
endif()
