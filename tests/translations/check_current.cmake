# SPDX-License-Identifier: GPL-3.0-or-later
# The checked-in translations are current: lupdate, with the options and sources of the update_translations target
# (app/gui/CMakeLists.txt passes them), runs over copies of the .ts files, and the check fails while a copy then holds
# an unfinished message: a tr() string that a .ts file lacks (added or changed without update_translations) or has
# not translated. The checked-in files are never written.
#   cmake -DLUPDATE=<lupdate> -DOPTIONS=<options> -DINCLUDE_DIR=<dir> -DSOURCES=<files> -DTS_FILES=<.ts files>
#         [-DPLURALS_TS=<.ts file updated with -pluralonly>] -DWORK_DIR=<scratch folder> -P check_current.cmake
foreach(var LUPDATE INCLUDE_DIR SOURCES TS_FILES WORK_DIR)
  if("${${var}}" STREQUAL "")
    message(FATAL_ERROR "check_current.cmake: ${var} is not set")
  endif()
endforeach()
set(kShown 5)  # messages named per file; the rest are counted
string(ASCII 29 kSemicolon)
string(ASCII 30 kOpen)
string(ASCII 31 kClose)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Copies `files` into WORK_DIR and runs lupdate over the copies with the extra options in ARGN.
function(update_copies files)
  set(copies)
  foreach(ts IN LISTS files)
    get_filename_component(name ${ts} NAME)
    configure_file(${ts} ${WORK_DIR}/${name} COPYONLY)
    list(APPEND copies ${WORK_DIR}/${name})
  endforeach()
  execute_process(COMMAND ${LUPDATE} ${OPTIONS} ${ARGN} -I ${INCLUDE_DIR} ${SOURCES} -ts ${copies}
    RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
  message("${log}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lupdate failed (exit ${rc})")
  endif()
endfunction()

update_copies("${TS_FILES}")
set(checked ${TS_FILES})
if(PLURALS_TS)
  update_copies("${PLURALS_TS}" -pluralonly)
  list(APPEND checked ${PLURALS_TS})
endif()

set(report)
foreach(ts IN LISTS checked)
  get_filename_component(name ${ts} NAME)
  file(READ ${WORK_DIR}/${name} xml)
  # ';' and brackets would split or join CMake list items: masked by control characters (never in a .ts file,
  # which is XML), unmasked when shown.
  string(REPLACE ";" "${kSemicolon}" xml "${xml}")
  string(REPLACE "[" "${kOpen}" xml "${xml}")
  string(REPLACE "]" "${kClose}" xml "${xml}")
  if(NOT xml MATCHES "<message")
    string(APPEND report "\n${name}: no message left after lupdate (are the sources right?)")
    continue()
  endif()
  # In document order: each context's name, each message's source, and the unfinished translations (the source
  # before one is its message's; lupdate writes '<' in a text as &lt;). Sources are shown as the .ts file spells them.
  string(REGEX MATCHALL "<name>[^<]*</name>|<source>[^<]*</source>|<translation type=\"unfinished\"" items "${xml}")
  set(unfinished 0)
  set(shown)
  foreach(item IN LISTS items)
    if(item MATCHES "^<name>(.*)</name>$")
      set(context "${CMAKE_MATCH_1}")
    elseif(item MATCHES "^<source>(.*)</source>$")
      set(source "${CMAKE_MATCH_1}")
    else()
      math(EXPR unfinished "${unfinished} + 1")
      if(unfinished LESS_EQUAL kShown)
        string(REPLACE "\n" "\\n" source "${source}")
        string(APPEND shown "\n  [${context}] ${source}")
      endif()
    endif()
  endforeach()
  if(unfinished GREATER 0)
    string(APPEND report "\n${name}: ${unfinished} message(s) missing or unfinished${shown}")
    if(unfinished GREATER kShown)
      math(EXPR more "${unfinished} - ${kShown}")
      string(APPEND report "\n  ... and ${more} more")
    endif()
  endif()
endforeach()

if(report)
  string(REPLACE "${kSemicolon}" ";" report "${report}")
  string(REPLACE "${kOpen}" "[" report "${report}")
  string(REPLACE "${kClose}" "]" report "${report}")
  message(FATAL_ERROR "The translations are not current with the sources' tr() strings. Run "
    "`cmake --build build/ci --target update_translations`, translate the new messages in translations/ and commit "
    "the .ts files (docs/dev/building.md, Translations).${report}")
endif()
message(STATUS "The translations are current: ${checked}")
