#===- CheckLayering.cmake - Module include graph check --------*- CMake -*-===//
#
# cmake -DSIM_LIB_DIR=<sim/lib> -DGRAPH="mod:dep,dep;mod:..." -P CheckLayering.cmake
#
# Fails if a file of module M includes a header of module N ("N/...") where N
# is neither M nor a (transitive) dependency of M in GRAPH, the graph declared
# with target_link_libraries in sim/lib/CMakeLists.txt.
#
#===----------------------------------------------------------------------===//

set(modules "")
foreach(entry IN LISTS GRAPH)
  string(REPLACE ":" ";" parts "${entry}")
  list(GET parts 0 m)
  list(LENGTH parts n)
  set(deps_${m} "")
  if(n GREATER 1)
    list(GET parts 1 d)
    string(REPLACE "," ";" deps_${m} "${d}")
  endif()
  list(APPEND modules ${m})
endforeach()

# Transitive closure.
foreach(m IN LISTS modules)
  set(closure ${deps_${m}})
  set(changed TRUE)
  while(changed)
    set(changed FALSE)
    foreach(d IN LISTS closure)
      foreach(dd IN LISTS deps_${d})
        if(NOT dd IN_LIST closure)
          list(APPEND closure ${dd})
          set(changed TRUE)
        endif()
      endforeach()
    endforeach()
  endwhile()
  set(closure_${m} ${closure})
endforeach()

set(errors "")
foreach(m IN LISTS modules)
  file(GLOB files ${SIM_LIB_DIR}/${m}/*.h ${SIM_LIB_DIR}/${m}/*.cpp)
  foreach(f IN LISTS files)
    file(STRINGS ${f} includes REGEX "^#include \"[a-z]+/")
    foreach(inc IN LISTS includes)
      string(REGEX REPLACE "^#include \"([a-z]+)/.*" "\\1" target "${inc}")
      if(target STREQUAL "ascsim" OR target STREQUAL m)
        continue()
      endif()
      if(NOT target IN_LIST closure_${m})
        list(APPEND errors "${f}: module '${m}' includes '${target}/' but does not depend on it")
      endif()
    endforeach()
  endforeach()
endforeach()

if(errors)
  string(REPLACE ";" "\n" msg "${errors}")
  message(FATAL_ERROR "layering violations:\n${msg}")
endif()
list(LENGTH modules count)
message(STATUS "sim layering ok (${count} modules)")
