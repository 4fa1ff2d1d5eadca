# The Python package (docs/python.md): the target motive_python builds <build>/python/motive/, the
# package's sources (python/motive/*.py, copied when they change) beside the extension _motive (the
# engine's JSON entry point, python/src/module.cc), and _build.py, which tells the package where the
# source tree is (for the built page that draws models in notebooks, and the examples).

set(MOTIVE_PYTHON_DIR ${CMAKE_BINARY_DIR}/python/motive)

pybind11_add_module(motive_python MODULE ${CMAKE_SOURCE_DIR}/python/src/module.cc)
set_target_properties(motive_python PROPERTIES OUTPUT_NAME _motive LIBRARY_OUTPUT_DIRECTORY ${MOTIVE_PYTHON_DIR})
target_link_libraries(motive_python PRIVATE motive_engine)
target_compile_options(motive_python PRIVATE ${MOTIVE_WARNINGS})

file(GLOB MOTIVE_PYTHON_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/python/motive/*.py)
set(MOTIVE_PYTHON_COPIES "")
foreach(source ${MOTIVE_PYTHON_SOURCES})
  get_filename_component(name ${source} NAME)
  add_custom_command(OUTPUT ${MOTIVE_PYTHON_DIR}/${name}
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${source} ${MOTIVE_PYTHON_DIR}/${name}
    DEPENDS ${source}
    VERBATIM)
  list(APPEND MOTIVE_PYTHON_COPIES ${MOTIVE_PYTHON_DIR}/${name})
endforeach()
file(WRITE ${CMAKE_BINARY_DIR}/python/_build.py.in
  "# Written by CMake (python/python.cmake): where this build's sources are.\nSOURCE_DIR = r\"${CMAKE_SOURCE_DIR}\"\n")
configure_file(${CMAKE_BINARY_DIR}/python/_build.py.in ${MOTIVE_PYTHON_DIR}/_build.py COPYONLY)
add_custom_target(motive_python_sources DEPENDS ${MOTIVE_PYTHON_COPIES})
add_dependencies(motive_python motive_python_sources)

