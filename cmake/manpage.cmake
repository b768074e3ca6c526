# Writes the man page: the template docs/tpx.1.in with the version and date
# filled in and the KEYS section generated from the key table.  Run as a script:
#   cmake -DIN=tpx.1.in -DKEYS=keys.roff -DOUT=tpx.1 -DVERSION=x.y.z -P manpage.cmake
file(READ "${IN}" text)
file(READ "${KEYS}" keys)
string(TIMESTAMP date "%Y-%m-%d" UTC) # honours SOURCE_DATE_EPOCH for reproducible builds
string(REPLACE "@TPX_VERSION@" "${VERSION}" text "${text}")
string(REPLACE "@TPX_DATE@" "${date}" text "${text}")
string(REPLACE ".\\\" @TPX_KEYS@\n" "${keys}" text "${text}")
file(WRITE "${OUT}.tmp" "${text}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
