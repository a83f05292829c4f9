#!/bin/sh
rm -rf out; mkdir -p out
