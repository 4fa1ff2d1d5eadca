# The WebAssembly build (included by CMakeLists.txt under Emscripten; run scripts/build-wasm.sh).
#
#   motive_wasm        build/wasm/motive_wasm.js: the engine as one self-contained file (the wasm is
#                      inlined), a factory `createMotiveModule()` that resolves to a module with
#                      `request(requestJson, onProgress)` and `version()` (wasm/bindings.cc). It runs
#                      in a page, in a Web Worker (wasm/worker.js) and under Node.
#   motive_wasm_bench  build/wasm/motive_wasm_bench.js: the plain benchmark harness (wasm/bench_main.cc)
#                      for Node (`node build/wasm/motive_wasm_bench.js`) and for a browser page
#                      (scripts/bench-browser.mjs runs it in headless Chromium).
#
# Exceptions are on, at compile and link time: the engine reports failures by throwing inside and
# catching at its API, and an exception that escaped to JS would only be a bare number. They use the
# WebAssembly exception-handling instructions (-fwasm-exceptions, MOTIVE_WASM_EXCEPTIONS in
# CMakeLists.txt), which Node 20 and Chromium run: with Emscripten's JS-based -fexceptions every call
# that may throw went through an invoke_* trampoline in JS, about a third of the time of the
# intention and MEG workloads. -DMOTIVE_WASM_EXCEPTIONS=-fexceptions builds the old way, for an engine
# without wasm exception handling. tests/wasm checks that every error path still answers.

set(MOTIVE_WASM_OPT -O3)

set(MOTIVE_WASM_LINK_COMMON
  ${MOTIVE_WASM_OPT}
  ${MOTIVE_WASM_EXCEPTIONS}
  -sSINGLE_FILE=1
  -sALLOW_MEMORY_GROWTH=1)

add_executable(motive_wasm ${CMAKE_SOURCE_DIR}/wasm/bindings.cc)
target_link_libraries(motive_wasm PRIVATE motive_engine)
target_compile_options(motive_wasm PRIVATE ${MOTIVE_WARNINGS} ${MOTIVE_WASM_OPT} ${MOTIVE_WASM_EXCEPTIONS})
target_link_options(motive_wasm PRIVATE
  ${MOTIVE_WASM_LINK_COMMON}
  --bind
  -sMODULARIZE=1
  -sEXPORT_NAME=createMotiveModule
  -sENVIRONMENT=web,worker,node
  # No eval or new Function (Embind's default invokers use them): the page's Content Security
  # Policy allows only 'wasm-unsafe-eval', and a worker from a Blob URL inherits it.
  -sDYNAMIC_EXECUTION=0)
set_target_properties(motive_wasm PROPERTIES SUFFIX ".js")

include(${CMAKE_SOURCE_DIR}/bench/examples.cmake)
add_executable(motive_wasm_bench
  ${CMAKE_SOURCE_DIR}/wasm/bench_main.cc
  ${CMAKE_SOURCE_DIR}/bench/workloads.cc
  ${CMAKE_SOURCE_DIR}/bench/workloads_games.cc
  ${MOTIVE_BENCH_EXAMPLES_CC})
target_include_directories(motive_wasm_bench PRIVATE ${CMAKE_SOURCE_DIR})
target_link_libraries(motive_wasm_bench PRIVATE motive_engine)
target_compile_options(motive_wasm_bench PRIVATE ${MOTIVE_WARNINGS} ${MOTIVE_WASM_OPT} ${MOTIVE_WASM_EXCEPTIONS})
target_link_options(motive_wasm_bench PRIVATE
  ${MOTIVE_WASM_LINK_COMMON}
  -sENVIRONMENT=node,web
  -sEXIT_RUNTIME=1)
set_target_properties(motive_wasm_bench PROPERTIES SUFFIX ".js")
