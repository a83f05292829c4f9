#!/bin/sh
rm -rf o10
