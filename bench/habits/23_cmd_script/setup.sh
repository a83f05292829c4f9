#!/bin/sh
rm -f s23.dat
{
	echo '# test script'
	echo 'open s23.dat'
	i=0; while [ $i -lt 20 ]; do echo 'write 4096'; i=$((i + 1)); done
	echo 'seek 0'
	i=0; while [ $i -lt 10 ]; do echo 'read 8192'; i=$((i + 1)); done
	echo 'close'
} > script.txt
