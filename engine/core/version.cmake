# Writes generated/version.h at build time (not only when CMake configures), so that the git
# revision in `stackbench --version` and in every run's environment record is the one the binary
# was built from; "-dirty" when tracked files differ from that commit. configure_file() rewrites
# the header only when its text changes, so an unchanged revision recompiles nothing.
# cmake -DSOURCE_DIR=... -DINPUT=version.h.in -DOUTPUT=.../version.h -DPROJECT_VERSION=... -P
execute_process(COMMAND git rev-parse --short HEAD WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE STACKBENCH_GIT_REVISION OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE _rev ERROR_QUIET)
if(NOT _rev EQUAL 0 OR NOT STACKBENCH_GIT_REVISION)
    set(STACKBENCH_GIT_REVISION "unknown")
else()
    execute_process(COMMAND git diff --quiet HEAD -- WORKING_DIRECTORY ${SOURCE_DIR}
                    RESULT_VARIABLE _dirty ERROR_QUIET)
    if(_dirty EQUAL 1)
        string(APPEND STACKBENCH_GIT_REVISION "-dirty")
    endif()
endif()
configure_file(${INPUT} ${OUTPUT} @ONLY)
