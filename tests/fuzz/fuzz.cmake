# The fuzz targets (tests/fuzz/README.md). In the sanitizer build (MOTIVE_SANITIZE, clang) each target
# is a libFuzzer binary build/sanitize/fuzz/<name>; in every build the same target is also linked with
# replay_main.cc as <name>_replay, and a test replays the target's regression inputs
# (tests/fuzz/regressions/<name>/) through it.

set(MOTIVE_FUZZ_DIR ${CMAKE_SOURCE_DIR}/tests/fuzz)
set(MOTIVE_FUZZ_TARGETS "")

# motive_fuzz_target(NAME CORPUS SOURCE...): one fuzz target, its replay binary and its replay test.
# CORPUS names the target's seeds and dictionary: models, request or expression (seeds/CORPUS/,
# dict/CORPUS.dict).
function(motive_fuzz_target name corpus)
  if(MOTIVE_SANITIZE)
    add_executable(${name} ${ARGN})
    target_link_libraries(${name} PRIVATE motive_engine)
    target_link_options(${name} PRIVATE -fsanitize=fuzzer)
    target_include_directories(${name} PRIVATE ${MOTIVE_FUZZ_DIR})
    set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz)
  endif()
  add_executable(${name}_replay ${ARGN} ${MOTIVE_FUZZ_DIR}/replay_main.cc)
  set_property(GLOBAL APPEND PROPERTY MOTIVE_FUZZ_REPLAYS ${name}_replay)
  target_link_libraries(${name}_replay PRIVATE motive_engine)
  target_include_directories(${name}_replay PRIVATE ${MOTIVE_FUZZ_DIR})
  target_compile_options(${name}_replay PRIVATE ${MOTIVE_WARNINGS})
  add_test(NAME fuzz_regressions_${name}
           COMMAND ${name}_replay ${MOTIVE_FUZZ_DIR}/regressions/${name} ${MOTIVE_FUZZ_DIR}/seeds/${corpus})
  set(MOTIVE_FUZZ_TARGETS ${MOTIVE_FUZZ_TARGETS} ${name}:${corpus} PARENT_SCOPE)
endfunction()

# motive_reader_fuzzer(NAME HEADER CALL): a target feeding any text to one model reader, CALL being a
# function `std::optional<T>(std::string_view text, motive::Diagnostics*)`.
function(motive_reader_fuzzer name header call)
  set(MOTIVE_FUZZ_HEADER ${header})
  set(MOTIVE_FUZZ_CALL ${call})
  configure_file(${MOTIVE_FUZZ_DIR}/reader_fuzzer.cc.in ${CMAKE_BINARY_DIR}/fuzz-src/${name}.cc @ONLY)
  motive_fuzz_target(${name} models ${CMAKE_BINARY_DIR}/fuzz-src/${name}.cc)
  set(MOTIVE_FUZZ_TARGETS ${MOTIVE_FUZZ_TARGETS} PARENT_SCOPE)
endfunction()

# Every model reader, one line each (a new kind adds its reader here).
motive_reader_fuzzer(fuzz_reader_scim "scim/reader.h" motive::scim::read_scim_file)
motive_reader_fuzzer(fuzz_reader_mdp "mdp/reader.h" motive::mdp::read_mdp_file)
motive_reader_fuzzer(fuzz_reader_game "game/model.h" motive::game::read_game_model)
motive_reader_fuzzer(fuzz_reader_adventure "adventure/adventure.h" motive::adventure::read_adventure)

# motive_import_fuzzer(NAME CALL): a target feeding any text to one importer (engine/formats), CALL
# being `std::optional<motive::formats::Imported>(std::string_view, motive::Diagnostics*)`, on the
# formats corpus (the files of tests/formats/ and seeds/formats/).
function(motive_import_fuzzer name call)
  set(MOTIVE_FUZZ_CALL ${call})
  configure_file(${MOTIVE_FUZZ_DIR}/import_fuzzer.cc.in ${CMAKE_BINARY_DIR}/fuzz-src/${name}.cc @ONLY)
  motive_fuzz_target(${name} formats ${CMAKE_BINARY_DIR}/fuzz-src/${name}.cc)
  set(MOTIVE_FUZZ_TARGETS ${MOTIVE_FUZZ_TARGETS} PARENT_SCOPE)
endfunction()

# Every importer, one line each (a new format adds its importer here).
motive_import_fuzzer(fuzz_import_bif motive::formats::import_bif)
motive_import_fuzzer(fuzz_import_xmlbif motive::formats::import_xmlbif)
motive_import_fuzzer(fuzz_import_nfg motive::formats::import_nfg)
motive_import_fuzzer(fuzz_import_efg motive::formats::import_efg)
motive_import_fuzzer(fuzz_import_choicescript motive::formats::import_choicescript_text)

# The request API, against a small model of each kind (fuzz_request.cc lists them).
motive_fuzz_target(fuzz_request request ${MOTIVE_FUZZ_DIR}/fuzz_request.cc)
# The expression language of structural functions and decision rules.
motive_fuzz_target(fuzz_expression expression ${MOTIVE_FUZZ_DIR}/fuzz_expression.cc)

# Every replay binary, for scripts/build-sanitize.sh (the plain build makes them with everything).
get_property(replays GLOBAL PROPERTY MOTIVE_FUZZ_REPLAYS)
add_custom_target(motive_fuzz_replays DEPENDS ${replays})

if(MOTIVE_SANITIZE)
  # The seed corpora, gathered from examples/, the tests' inputs and tests/fuzz/seeds/ at build time
  # (so nothing is committed twice).
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  add_custom_target(motive_fuzz_seeds ALL
    COMMAND Python3::Interpreter ${MOTIVE_FUZZ_DIR}/collect_seeds.py ${CMAKE_SOURCE_DIR}
            ${CMAKE_BINARY_DIR}/fuzz-seeds ${MOTIVE_FUZZ_TARGETS}
    COMMENT "Gathering the fuzzers' seed corpora"
    VERBATIM)
  set(names "")
  foreach(entry ${MOTIVE_FUZZ_TARGETS})
    string(REGEX REPLACE ":.*" "" entry_name ${entry})
    list(APPEND names ${entry_name})
  endforeach()
  add_custom_target(motive_fuzzers DEPENDS ${names} motive_fuzz_seeds)
  # The list of targets with their corpus (NAME:CORPUS per line), for scripts/fuzz.sh.
  string(REPLACE ";" "\n" targets_text "${MOTIVE_FUZZ_TARGETS}")
  file(WRITE ${CMAKE_BINARY_DIR}/fuzz/targets.txt "${targets_text}\n")
endif()
