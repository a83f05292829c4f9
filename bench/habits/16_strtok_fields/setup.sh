#!/bin/sh
rm -rf o16; mkdir -p o16
