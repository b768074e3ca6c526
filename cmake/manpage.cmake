# Writes the man page: the template docs/tpx.1.in with the version and date
# filled in, the KEYS section generated from the key table and the views'
# list and names from the views' table (tpx_mankeys).  Run as a script:
#   cmake -DIN=tpx.1.in -DKEYS=keys.roff -DVIEWS=views.roff -DNAMES=names.roff
#         -DOUT=tpx.1 -DVERSION=x.y.z -P manpage.cmake
file(READ "${IN}" text)
file(READ "${KEYS}" keys)
file(READ "${VIEWS}" views)
file(READ "${NAMES}" names)
string(TIMESTAMP date "%Y-%m-%d" UTC) # honours SOURCE_DATE_EPOCH for reproducible builds
string(REPLACE "@TPX_VERSION@" "${VERSION}" text "${text}")
string(REPLACE "@TPX_DATE@" "${date}" text "${text}")
string(REPLACE ".\\\" @TPX_KEYS@\n" "${keys}" text "${text}")
string(REPLACE ".\\\" @TPX_VIEWS@\n" "${views}" text "${text}")
string(REPLACE "@TPX_VIEW_NAMES@" "${names}" text "${text}")
file(WRITE "${OUT}.tmp" "${text}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
